#include "decoded_cache.h"

#include <new>

namespace accsim::cpu {

DecodedCache::DecodedCache()
    : m_pages(static_cast<Page**>(std::calloc(size_t{1} << (32 - kPageBits), sizeof(Page*)))) {
  if (m_pages == nullptr) throw std::bad_alloc();
}

DecodedCache::~DecodedCache() = default;

DecodedCache::Page* DecodedCache::new_page(uint32_t pc) {
  m_used.push_back(std::make_unique<Page>());
  Page* page = m_used.back().get();
  for (DecodedInsn& s : page->slots) s.op = kEmpty;
  page->end_marker.op = kEmpty;
  m_pages[pc >> kPageBits] = page;
  return page;
}

void DecodedCache::invalidate_all() {
  for (auto& page : m_used) {
    for (DecodedInsn& s : page->slots) s.op = kEmpty;
  }
}

}  // namespace accsim::cpu
