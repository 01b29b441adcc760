// libFuzzer target: arbitrary bytes as a llmlab checkpoint. The safetensors parser and the model
// loader must answer every input with a model or an llmlab::Error, never a crash, a sanitizer
// report or an allocation the input's own length does not justify.
#include <cstddef>
#include <cstdint>
#include <span>

#include "base/error.hpp"
#include "train/checkpoint.hpp"
#include "train/safetensors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  try {
    llmlab::train::Model model = llmlab::train::model_from_checkpoint(bytes, "fuzz.safetensors");
    // The same bytes as AdamW state for the model they describe: the second reader's checks.
    llmlab::train::load_optimizer(model, bytes, "fuzz.optim.safetensors");
  } catch (const llmlab::Error&) {
  }
  return 0;
}
