/* The test's one check: counts it and prints a line when it fails (main.c). */
#ifndef CFU_PLAYGROUND_TEST_EXPECT_H
#define CFU_PLAYGROUND_TEST_EXPECT_H

void expect(int ok, const char* what, unsigned long got, unsigned long want);

#endif
