// Spelling hints for unknown keys and enum values.
#include <algorithm>
#include <cctype>

#include "jsonconfig/config.h"

namespace accsim::config {

namespace {

std::string lower(const std::string& text) {
  std::string result = text;
  for (auto& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::size_t levenshtein(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  // A third of the word keeps hints plausible: "latncy" -> "latency", but "x" never suggests an
  // unrelated short key beyond one edit.
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  const std::string needle = lower(word);
  // Keys are snake_case phrases; users often type only the leading word(s), so each
  // underscore-delimited prefix of a candidate ("latency" of "latency_cycles") is compared too.
  // A whole-key match ranks before a prefix match at the same distance.
  std::string best;
  std::size_t best_score = 2 * (limit + 1);
  for (const auto& candidate : candidates) {
    const std::string lowered = lower(candidate);
    std::size_t score = 2 * levenshtein(needle, lowered);
    for (std::size_t pos = lowered.find('_'); pos != std::string::npos;
         pos = lowered.find('_', pos + 1)) {
      score = std::min(score, 2 * levenshtein(needle, lowered.substr(0, pos)) + 1);
    }
    if (score < best_score) {
      best = candidate;
      best_score = score;
    }
  }
  return best;
}

}  // namespace accsim::config
