/* Bounds-checked reading of a FlatBuffers buffer (the .tflite container), written from the
 * FlatBuffers binary format: a table starts with a signed 32-bit offset back to its vtable; the
 * vtable holds its own size, the table's size and one 16-bit field offset per slot (0 = absent,
 * take the default); references (tables, vectors, strings) are unsigned 32-bit offsets from where
 * they are stored; a vector is a 32-bit length followed by its elements.
 *
 * Every accessor checks that what it touches lies inside the buffer
 * and reports failure through the FbReader's error flag instead of reading out of bounds, so a
 * truncated or malicious model can never make the interpreter read outside the model region.
 * Values are assembled from bytes (little-endian), so misaligned inputs cannot trap either. */
#ifndef ACCSIM_TFLITE_FLATBUFFER_H
#define ACCSIM_TFLITE_FLATBUFFER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const uint8_t* data;
  uint32_t size;
  int error;          /* set by the first failed access, never cleared */
  const char* reason; /* what failed first, e.g. "vector outside the file" */
  uint32_t where;     /* byte offset of the first failure */
} FbReader;

/* A table: its position and its vtable's (0 for "absent"). */
typedef struct {
  uint32_t pos;
  uint32_t vtable;
  uint16_t vtable_size;
} FbTable;

/* A vector: position of its first element and its length. */
typedef struct {
  uint32_t pos;
  uint32_t length;
} FbVector;

void fb_init(FbReader* r, const void* data, uint32_t size);

/* The root table; checks the 4-byte file identifier at offset 4 ("TFL3") when `identifier` is
 * not NULL. */
int fb_root(FbReader* r, const char* identifier, FbTable* root);

/* Scalar fields with their schema defaults. */
uint8_t fb_u8(FbReader* r, const FbTable* t, int slot, uint8_t dflt);
int8_t fb_i8(FbReader* r, const FbTable* t, int slot, int8_t dflt);
int32_t fb_i32(FbReader* r, const FbTable* t, int slot, int32_t dflt);
uint32_t fb_u32(FbReader* r, const FbTable* t, int slot, uint32_t dflt);
float fb_f32(FbReader* r, const FbTable* t, int slot, float dflt);
uint64_t fb_u64(FbReader* r, const FbTable* t, int slot, uint64_t dflt);

/* Reference fields; return 0 when the field is absent (the out-parameter is then empty). */
int fb_table(FbReader* r, const FbTable* t, int slot, FbTable* out);
int fb_vector(FbReader* r, const FbTable* t, int slot, uint32_t element_size, FbVector* out);
int fb_string(FbReader* r, const FbTable* t, int slot, FbVector* out);

/* Vector elements (index already checked against length by the accessor). */
FbTable fb_vector_table(FbReader* r, const FbVector* v, uint32_t index);
int32_t fb_vector_i32(FbReader* r, const FbVector* v, uint32_t index);
int64_t fb_vector_i64(FbReader* r, const FbVector* v, uint32_t index);
float fb_vector_f32(FbReader* r, const FbVector* v, uint32_t index);

/* Raw little-endian loads at a checked position (used by the accessors). */
uint32_t fb_load_u32(FbReader* r, uint32_t pos);

#ifdef __cplusplus
}
#endif

#endif
