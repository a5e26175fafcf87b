#include "accsim_tflite/flatbuffer.h"

void fb_init(FbReader* r, const void* data, uint32_t size) {
  r->data = (const uint8_t*)data;
  r->size = size;
  r->error = 0;
  r->reason = 0;
  r->where = 0;
}

static void fail(FbReader* r, const char* reason, uint32_t where) {
  if (r->error) return;
  r->error = 1;
  r->reason = reason;
  r->where = where;
}

/* [pos, pos + bytes) inside the buffer, without overflowing. */
static int inside(const FbReader* r, uint32_t pos, uint32_t bytes) {
  return pos <= r->size && bytes <= r->size - pos;
}

static uint32_t load_le(const FbReader* r, uint32_t pos, int bytes) {
  uint32_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = (value << 8) | r->data[pos + (uint32_t)i];
  return value;
}

uint32_t fb_load_u32(FbReader* r, uint32_t pos) {
  if (r->error || !inside(r, pos, 4)) {
    fail(r, "read outside the file", pos);
    return 0;
  }
  return load_le(r, pos, 4);
}

static uint16_t load_u16(FbReader* r, uint32_t pos) {
  if (r->error || !inside(r, pos, 2)) {
    fail(r, "read outside the file", pos);
    return 0;
  }
  return (uint16_t)load_le(r, pos, 2);
}

/* The table at `pos`: its vtable lies at pos - soffset and must be inside the file, hold at
 * least its two header fields and be even-sized. */
static int read_table(FbReader* r, uint32_t pos, FbTable* out) {
  out->pos = 0;
  out->vtable = 0;
  out->vtable_size = 0;
  const int32_t soffset = (int32_t)fb_load_u32(r, pos);
  if (r->error) return 0;
  const int64_t vtable = (int64_t)pos - (int64_t)soffset;
  if (vtable < 0 || vtable > (int64_t)r->size) {
    fail(r, "table's vtable outside the file", pos);
    return 0;
  }
  const uint16_t vtable_size = load_u16(r, (uint32_t)vtable);
  const uint16_t table_size = load_u16(r, (uint32_t)vtable + 2);
  if (r->error) return 0;
  if (vtable_size < 4 || (vtable_size & 1) || !inside(r, (uint32_t)vtable, vtable_size)) {
    fail(r, "malformed vtable", (uint32_t)vtable);
    return 0;
  }
  if (table_size < 4 || !inside(r, pos, table_size)) {
    fail(r, "table extends outside the file", pos);
    return 0;
  }
  out->pos = pos;
  out->vtable = (uint32_t)vtable;
  out->vtable_size = vtable_size;
  return 1;
}

int fb_root(FbReader* r, const char* identifier, FbTable* root) {
  if (r->size < 8) {
    fail(r, "file too small for a FlatBuffer (under 8 bytes)", 0);
    return 0;
  }
  if (identifier != 0) {
    for (uint32_t i = 0; i < 4; ++i) {
      if (r->data[4 + i] != (uint8_t)identifier[i]) {
        fail(r, "wrong file identifier (not a TFLite flatbuffer)", 4);
        return 0;
      }
    }
  }
  return read_table(r, fb_load_u32(r, 0), root);
}

/* Position of a present field of `bytes` bytes, or 0 when absent. */
static uint32_t field(FbReader* r, const FbTable* t, int slot, uint32_t bytes) {
  if (r->error || t->vtable == 0) return 0;
  const uint32_t entry = 4u + 2u * (uint32_t)slot;
  if (entry + 2 > t->vtable_size) return 0; /* older writer: field absent */
  const uint16_t offset = load_u16(r, t->vtable + entry);
  if (offset == 0) return 0;
  const uint16_t table_size = load_u16(r, t->vtable + 2);
  if ((uint32_t)offset + bytes > table_size) {
    fail(r, "field outside its table", t->pos);
    return 0;
  }
  return t->pos + offset;
}

uint8_t fb_u8(FbReader* r, const FbTable* t, int slot, uint8_t dflt) {
  const uint32_t pos = field(r, t, slot, 1);
  return pos ? r->data[pos] : dflt;
}

int8_t fb_i8(FbReader* r, const FbTable* t, int slot, int8_t dflt) {
  const uint32_t pos = field(r, t, slot, 1);
  return pos ? (int8_t)r->data[pos] : dflt;
}

uint32_t fb_u32(FbReader* r, const FbTable* t, int slot, uint32_t dflt) {
  const uint32_t pos = field(r, t, slot, 4);
  return pos ? load_le(r, pos, 4) : dflt;
}

int32_t fb_i32(FbReader* r, const FbTable* t, int slot, int32_t dflt) {
  return (int32_t)fb_u32(r, t, slot, (uint32_t)dflt);
}

float fb_f32(FbReader* r, const FbTable* t, int slot, float dflt) {
  const uint32_t pos = field(r, t, slot, 4);
  if (!pos) return dflt;
  union {
    uint32_t u;
    float f;
  } bits;
  bits.u = load_le(r, pos, 4);
  return bits.f;
}

uint64_t fb_u64(FbReader* r, const FbTable* t, int slot, uint64_t dflt) {
  const uint32_t pos = field(r, t, slot, 8);
  if (!pos) return dflt;
  return (uint64_t)load_le(r, pos, 4) | ((uint64_t)load_le(r, pos + 4, 4) << 32);
}

/* Follows the reference stored in a field: its target position, or 0 when absent. */
static uint32_t reference(FbReader* r, const FbTable* t, int slot) {
  const uint32_t pos = field(r, t, slot, 4);
  if (!pos) return 0;
  const uint32_t offset = load_le(r, pos, 4);
  if (offset == 0 || offset > r->size - pos) {
    fail(r, "reference outside the file", pos);
    return 0;
  }
  return pos + offset;
}

int fb_table(FbReader* r, const FbTable* t, int slot, FbTable* out) {
  out->pos = out->vtable = 0;
  out->vtable_size = 0;
  const uint32_t pos = reference(r, t, slot);
  return pos ? read_table(r, pos, out) : 0;
}

int fb_vector(FbReader* r, const FbTable* t, int slot, uint32_t element_size, FbVector* out) {
  out->pos = out->length = 0;
  const uint32_t pos = reference(r, t, slot);
  if (!pos) return 0;
  const uint32_t length = fb_load_u32(r, pos);
  if (r->error) return 0;
  if (length > (r->size - pos - 4) / element_size) {
    fail(r, "vector extends outside the file", pos);
    return 0;
  }
  out->pos = pos + 4;
  out->length = length;
  return 1;
}

int fb_string(FbReader* r, const FbTable* t, int slot, FbVector* out) {
  return fb_vector(r, t, slot, 1, out);
}

FbTable fb_vector_table(FbReader* r, const FbVector* v, uint32_t index) {
  FbTable table = {0, 0, 0};
  if (index >= v->length) {
    fail(r, "vector index out of range", v->pos);
    return table;
  }
  const uint32_t pos = v->pos + 4 * index;
  const uint32_t offset = fb_load_u32(r, pos);
  if (r->error) return table;
  if (offset == 0 || offset > r->size - pos) {
    fail(r, "reference outside the file", pos);
    return table;
  }
  read_table(r, pos + offset, &table);
  return table;
}

int32_t fb_vector_i32(FbReader* r, const FbVector* v, uint32_t index) {
  if (index >= v->length) {
    fail(r, "vector index out of range", v->pos);
    return 0;
  }
  return (int32_t)fb_load_u32(r, v->pos + 4 * index);
}

int64_t fb_vector_i64(FbReader* r, const FbVector* v, uint32_t index) {
  if (index >= v->length) {
    fail(r, "vector index out of range", v->pos);
    return 0;
  }
  const uint32_t pos = v->pos + 8 * index;
  const uint64_t low = fb_load_u32(r, pos);
  const uint64_t high = fb_load_u32(r, pos + 4);
  return (int64_t)(low | (high << 32));
}

float fb_vector_f32(FbReader* r, const FbVector* v, uint32_t index) {
  union {
    uint32_t u;
    float f;
  } bits;
  bits.u = (uint32_t)fb_vector_i32(r, v, index);
  return bits.f;
}
