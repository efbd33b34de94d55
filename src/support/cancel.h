// Cancelling a long flow (a compile's certification, a rule proof, a numeric check) from
// outside it, e.g. when a Python user presses Ctrl-C: the caller puts a CancelFn in the
// flow's options; the flow polls it between units of work (a match certified, a rule
// proved, an input set checked) and, when it returns true, stops with the Error
// kInterrupted, having written nothing it would not have written had it failed there.
//
// A unit already started runs to its end: a solver call is not interrupted (Z3 is reached
// only through src/smt, which has no interrupt), so the latency of a cancel is at most one
// unit, and each solver call is bounded by its time limit. An interrupted flow fails
// closed: what it did not finish is not proved, and nothing unproved is cached as proved.
#pragma once

#include <functional>

namespace vf {

/// Asks a running flow to stop: true once the caller wants it to. Called from the flow's
/// threads (a proof's workers too), so it must be thread-safe (read an atomic).
using CancelFn = std::function<bool()>;

/// The message of the Error a flow returns when it stopped because it was cancelled.
inline constexpr const char* kInterrupted = "interrupted";

/// Whether `c` is set and asks to stop.
inline bool cancel_requested(const CancelFn& c) { return c && c(); }

}  // namespace vf
