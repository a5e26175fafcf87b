// C++ firmware on accsim's SDK (docs/firmware.md, "C++"): classes with virtual functions,
// templates, constexpr, the SDK's <cstdint>-level headers, operator new/delete, brace lists,
// lambdas, static constructors and destructors, and a function-local static. Every check prints
// its result; the last line says PASS only when all hold. The test firmware/cxx_test runs it in
// the tree, tests/sdk runs it built out of tree against the installed SDK.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <new>

#include "accsim/perf.h"

namespace {

int g_failures = 0;

void check(bool ok, const char* what) {
  std::printf("cxx_test: %-44s %s\n", what, ok ? "ok" : "FAIL");
  if (!ok) ++g_failures;
}

// Static constructors: __libc_init_array (crt0.S) runs them before main, in definition order
// within this file.
int g_constructed = 0;
struct Registered {
  explicit Registered(int order) : m_order(++g_constructed * 10 + order) {}
  ~Registered() { std::printf("cxx_test: static destructor %d ran\n", m_order); }
  int m_order;
};
Registered g_first(1);
Registered g_second(2);

// A class hierarchy with a pure virtual function.
class Shape {
 public:
  virtual ~Shape() = default;
  virtual int32_t area() const = 0;
  virtual const char* name() const { return "shape"; }
};

class Rect : public Shape {
 public:
  Rect(int32_t w, int32_t h) : m_w(w), m_h(h) {}
  int32_t area() const override { return m_w * m_h; }
  const char* name() const override { return "rect"; }

 private:
  int32_t m_w, m_h;
};

class Square final : public Rect {
 public:
  explicit Square(int32_t side) : Rect(side, side) {}
  const char* name() const override { return "square"; }
};

// Templates: a fixed-size ring buffer (class template with a non-type parameter) and a generic
// dot product.
template <typename T, size_t N>
class Ring {
 public:
  void push(T v) {
    m_items[m_head] = v;
    m_head = (m_head + 1) % N;
    if (m_count < N) ++m_count;
  }
  T sum() const {
    T total{};
    for (size_t i = 0; i < m_count; ++i) total += m_items[i];
    return total;
  }
  size_t size() const { return m_count; }

 private:
  T m_items[N] = {};
  size_t m_head = 0, m_count = 0;
};

template <typename Acc, typename T>
Acc dot(const T* a, const T* b, size_t n) {
  Acc acc = 0;
  for (size_t i = 0; i < n; ++i) acc += static_cast<Acc>(a[i]) * static_cast<Acc>(b[i]);
  return acc;
}

// constexpr: evaluated by the compiler (static_assert), and the same function at run time.
constexpr uint32_t crc8(const char* s, uint32_t crc = 0) {
  return *s == 0 ? crc : crc8(s + 1, ((crc << 1) ^ static_cast<uint8_t>(*s)) & 0xFF);
}
constexpr uint32_t kCrc = crc8("accsim");
static_assert(kCrc == crc8("accsim"), "constexpr evaluation");
static_assert(sizeof(std::int64_t) == 8 && sizeof(void*) == 4, "ilp32");

int sum_list(std::initializer_list<int> values) {
  int total = 0;
  for (int v : values) total += v;
  return total;
}

// A function-local static: initialised once, on first use (the runtime's guards).
int g_counter_inits = 0;
struct Counter {
  Counter() { ++g_counter_inits; }
  int next() { return ++m_value; }
  int m_value = 0;
};
int next_id() {
  static Counter counter;
  return counter.next();
}

}  // namespace

int main() {
  check(g_constructed == 2 && g_first.m_order == 11 && g_second.m_order == 22,
        "static constructors ran before main");

  Shape* shapes[] = {new Rect(3, 4), new Square(5)};
  check(shapes[0]->area() == 12 && shapes[1]->area() == 25, "virtual calls");
  check(std::strcmp(shapes[1]->name(), "square") == 0, "overridden virtual in a final class");
  for (Shape* s : shapes) delete s;

  Ring<int32_t, 4> ring;
  for (int32_t v = 1; v <= 6; ++v) ring.push(v);  // keeps 5, 6, 3, 4
  check(ring.size() == 4 && ring.sum() == 18, "class template Ring<int32_t, 4>");
  const int8_t a[] = {-100, 50, 127, -128};
  const int8_t b[] = {3, -7, 2, 1};
  check(dot<int32_t>(a, b, 4) == -300 - 350 + 254 - 128, "function template dot<int32_t>");

  uint32_t runtime_crc = crc8("accsim");
  check(runtime_crc == kCrc, "constexpr function at run time");

  int* block = new int[64];
  std::memset(block, 0, 64 * sizeof(int));
  block[63] = 7;
  alignas(8) unsigned char storage[sizeof(Rect)];
  Rect* placed = new (storage) Rect(2, 9);
  check(block[63] == 7 && placed->area() == 18, "new[], delete[] and placement new");
  placed->~Rect();
  delete[] block;
  check(new (std::nothrow) int(5) != nullptr, "nothrow new");

  check(sum_list({1, 2, 3, 4}) == 10, "std::initializer_list");
  int base = 100;
  auto add = [base](int v) { return base + v; };
  check(add(23) == 123, "lambda with a capture");

  check(next_id() == 1 && next_id() == 2 && g_counter_inits == 1, "function-local static");
  check(std::abs(-42) == 42 && std::sqrt(16.0f) == 4.0f, "<cstdlib>, <cmath>");

  const uint64_t start = perf_get_mcycle64();
  check(perf_get_mcycle64() > start, "C HAL from C++ (perf_get_mcycle64)");

  std::printf("cxx_test: %d failed: %s\n", g_failures, g_failures ? "FAIL" : "PASS");
  return g_failures ? 1 : 0;
}
