#include "lower/memory_plan.h"

#include <algorithm>
#include <cassert>

#include <fmt/format.h>

namespace vf::lir {
namespace {

int64_t align_up(int64_t n) {
  return (n + kArenaAlignment - 1) / kArenaAlignment * kArenaAlignment;
}

bool lifetimes_overlap(const Buffer& a, const Buffer& b) {
  return a.first_use <= b.last_use && b.first_use <= a.last_use;
}

// Address ranges [offset, offset + words); an empty buffer overlaps nothing.
bool addresses_overlap(const Buffer& a, const Buffer& b) {
  return a.words() > 0 && b.words() > 0 && a.offset < b.offset + b.words() &&
         b.offset < a.offset + a.words();
}

// The lifetimes `compute_lifetimes` would set, as (first_use, last_use) per buffer.
std::vector<std::pair<int32_t, int32_t>> lifetimes_of(const Program& p) {
  std::vector<std::pair<int32_t, int32_t>> life(p.buffers.size(), {-1, -1});
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    const auto at = static_cast<int32_t>(i);
    const Instr& ins = p.instrs[i];
    for (const View& v : ins.in)
      if (p.buffers[v.buffer].kind == BufferKind::Activation)
        life[v.buffer].second = std::max(life[v.buffer].second, at);
    if (p.buffers[ins.out.buffer].kind == BufferKind::Activation) {
      auto& [first, last] = life[ins.out.buffer];
      if (first < 0) first = at;
      last = std::max(last, at);
    }
  }
  return life;
}

}  // namespace

void compute_lifetimes(Program& p) {
  const auto life = lifetimes_of(p);
  for (size_t b = 0; b < p.buffers.size(); ++b) {
    p.buffers[b].first_use = life[b].first;
    p.buffers[b].last_use = life[b].second;
    // Lowering writes every activation before reading it (nodes are in topological order).
    assert(p.buffers[b].kind != BufferKind::Activation ||
           (p.buffers[b].first_use >= 0 && p.buffers[b].first_use <= p.buffers[b].last_use));
  }
}

void plan_memory(Program& p) {
  compute_lifetimes(p);
  std::vector<uint32_t> order;
  p.activation_elements = 0;
  for (Buffer& b : p.buffers) {
    b.offset = -1;
    if (b.kind != BufferKind::Activation) continue;
    order.push_back(b.id);
    p.activation_elements += b.words();
  }
  // Largest first: the big buffers claim the low addresses and the small ones fill the
  // gaps between them (ties in program order, so the plan is deterministic).
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const Buffer &x = p.buffers[a], &y = p.buffers[b];
    if (x.words() != y.words()) return x.words() > y.words();
    return x.first_use < y.first_use;
  });
  std::vector<uint32_t> placed;
  std::vector<const Buffer*> live;  // placed buffers whose lifetimes meet the current one
  p.arena_elements = 0;
  for (uint32_t id : order) {
    Buffer& b = p.buffers[id];
    live.clear();
    for (uint32_t q : placed)
      if (lifetimes_overlap(b, p.buffers[q]) && p.buffers[q].words() > 0)
        live.push_back(&p.buffers[q]);
    std::sort(live.begin(), live.end(),
              [](const Buffer* x, const Buffer* y) { return x->offset < y->offset; });
    // First fit: the lowest aligned offset below every conflicting buffer that starts
    // past it and above every one that does not leave room.
    int64_t at = 0;
    for (const Buffer* q : live) {
      if (at + b.words() <= q->offset) break;
      at = std::max(at, align_up(q->offset + q->words()));
    }
    b.offset = at;
    p.arena_elements = std::max(p.arena_elements, at + b.words());
    placed.push_back(id);
  }
}

Result<void> verify_plan(const Program& p) {
  auto name = [&](uint32_t b) { return fmt::format("b{} ('{}')", b, p.buffers[b].name); };
  for (size_t b = 0; b < p.buffers.size(); ++b)
    if (p.buffers[b].id != b) return Error{fmt::format("buffer {} has id {}", b, p.buffers[b].id)};

  // Instructions: what they read exists and is not overwritten unless in place.
  std::vector<int> output_writes(p.buffers.size(), 0);
  std::vector<int64_t> output_written_at(p.buffers.size(), -1);
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    const Instr& ins = p.instrs[i];
    auto valid = [&](const View& v) {
      return v.buffer < p.buffers.size() && num_elements(v.shape) == p.buffers[v.buffer].elements;
    };
    for (const View& v : ins.in)
      if (!valid(v)) return Error{fmt::format("instruction {} reads a bad view", i)};
    if (!valid(ins.out)) return Error{fmt::format("instruction {} writes a bad view", i)};
    const BufferKind k = p.buffers[ins.out.buffer].kind;
    if (k == BufferKind::Input || k == BufferKind::Constant)
      return Error{
          fmt::format("instruction {} writes {}, an input or constant", i, name(ins.out.buffer))};
    if (k == BufferKind::Output && output_writes[ins.out.buffer]++ == 0)
      output_written_at[ins.out.buffer] = static_cast<int64_t>(i);
    if (ins.in_place) {
      if (ins.in.empty() || ins.in[0].buffer != ins.out.buffer)
        return Error{fmt::format("instruction {} is in place but does not write its input", i)};
    } else {
      for (const View& v : ins.in)
        if (v.buffer == ins.out.buffer)
          return Error{
              fmt::format("instruction {} writes {}, which it reads", i, name(ins.out.buffer))};
    }
  }
  for (size_t b = 0; b < p.buffers.size(); ++b)
    if (p.buffers[b].kind == BufferKind::Output && output_writes[b] > 1)
      return Error{fmt::format("output {} is written {} times", name(b), output_writes[b])};
  for (uint32_t b : p.outputs)
    if (b >= p.buffers.size() || p.buffers[b].kind != BufferKind::Output || output_writes[b] != 1)
      return Error{fmt::format("a program output is not an Output buffer written once")};

  // Lifetimes: those the instructions imply; every activation written before it is read.
  const auto life = lifetimes_of(p);
  for (size_t i = 0; i < p.instrs.size(); ++i)
    for (const View& v : p.instrs[i].in) {
      const Buffer& b = p.buffers[v.buffer];
      if (b.kind == BufferKind::Activation &&
          (life[b.id].first < 0 || life[b.id].first >= static_cast<int32_t>(i)))
        return Error{
            fmt::format("{} is read by instruction {} before it is written", name(b.id), i)};
      if (b.kind == BufferKind::Output &&
          (output_written_at[b.id] < 0 || output_written_at[b.id] >= static_cast<int64_t>(i)))
        return Error{
            fmt::format("{} is read by instruction {} before it is written", name(b.id), i)};
    }
  int64_t sum = 0;
  std::vector<const Buffer*> acts;
  for (const Buffer& b : p.buffers) {
    if (b.kind != BufferKind::Activation) {
      if (b.offset != -1)
        return Error{fmt::format("{} is not an activation but has an offset", name(b.id))};
      continue;
    }
    if (b.first_use != life[b.id].first || b.last_use != life[b.id].second)
      return Error{fmt::format("{} has lifetime [{}, {}], its instructions say [{}, {}]",
                               name(b.id), b.first_use, b.last_use, life[b.id].first,
                               life[b.id].second)};
    if (b.first_use < 0) return Error{fmt::format("{} is never written", name(b.id))};
    if (b.offset < 0 || b.offset % kArenaAlignment != 0 || b.offset + b.words() > p.arena_elements)
      return Error{
          fmt::format("{} at offset {} ({} words) is misaligned or outside the arena of {}",
                      name(b.id), b.offset, b.words(), p.arena_elements)};
    sum += b.words();
    acts.push_back(&b);
  }
  if (sum != p.activation_elements)
    return Error{fmt::format("activation_elements is {}, the buffers sum to {}",
                             p.activation_elements, sum)};
  // Pairwise: the plan is small enough (hundreds of buffers) for the plain quadratic check,
  // which shares nothing with the placement it checks.
  for (size_t a = 0; a < acts.size(); ++a)
    for (size_t b = a + 1; b < acts.size(); ++b)
      if (lifetimes_overlap(*acts[a], *acts[b]) && addresses_overlap(*acts[a], *acts[b]))
        return Error{fmt::format(
            "{} [{}, {}] at {}+{} and {} [{}, {}] at {}+{} are live together and overlap",
            name(acts[a]->id), acts[a]->first_use, acts[a]->last_use, acts[a]->offset,
            acts[a]->words(), name(acts[b]->id), acts[b]->first_use, acts[b]->last_use,
            acts[b]->offset, acts[b]->words())};
  return {};
}

}  // namespace vf::lir
