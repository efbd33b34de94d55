// Cancelling a long flow (a compile's certification, a rule proof, a numeric check) from
// outside it, e.g. when a Python user presses Ctrl-C: the caller puts a CancelFn in the
// flow's options; the flow polls it between units of work (a match certified, a rule
// proved, an input set checked) and, when it returns true, stops with the Error
// kInterrupted, having written nothing it would not have written had it failed there.
//
// A solver call under way is interrupted too: the flows pass their CancelFn on to
// smt::SolverOptions::cancelled, whose watcher stops the running Z3 call within about
// 10 ms (the query is then unknown). Other units (a numeric check's input set) run to
// their end. An interrupted flow fails closed: what it did not finish is not proved,
// nothing unproved is cached as proved, and a certificate or rule proof cut short is
// not recorded.
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
