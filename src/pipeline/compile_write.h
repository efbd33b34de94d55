// The output directory of `vfuse compile -o DIR` (model.vfg, model.weights, model.dot,
// certificates/, report.json), written once for compile and for the commands that
// produce a compile-like output from a graph of their own (vfuse quantize).
#pragma once

#include <functional>
#include <string>

#include "codegen/emit.h"
#include "pipeline/compile.h"
#include "pipeline/compile_output.h"
#include "support/json.h"
#include "support/result.h"

namespace vf::pipeline {

/// Extra sections a command adds to report.json (keys and values, inside its object).
using ReportSections = std::function<void(JsonWriter&)>;

/// What report.json records besides the rewrites: the options that decide the result,
/// the hashes of the model file `model` and the rule library (the output's are added as
/// written).
Result<CompileRecord> compile_record(const CompiledModel& c, const std::string& model);

/// The text of report.json for the compile `c` of `model`, with `extra` sections last.
std::string report_json(const std::string& model, const CompiledModel& c,
                        const CompileRecord& record, const ReportSections& extra = {});

/// Writes every output file into `dir` (a fresh directory), then report.json with their
/// hashes (`record.output`) and the `extra` sections; `report` gets its text.
Result<void> write_outputs(const std::string& dir, const std::string& model, const CompiledModel& c,
                           CompileRecord& record, std::string& report,
                           const ReportSections& extra = {});

/// The rewritten graph of `c` through the back end (lower -> plan memory -> emit,
/// codegen/pipeline.h) for `threads` OpenMP threads; the Error says "native code: ...".
Result<codegen::EmittedModel> emit_model(const CompiledModel& c, int threads);

/// Writes `m` as a standalone build into `dir` (replaced; vfuse compile --emit) and records
/// the directory, the threads and the files' hashes in `record`.
Result<void> write_emitted(const codegen::EmittedModel& m, const std::string& dir, int threads,
                           CompileRecord& record);

/// `p` without "." / ".." detours and without a trailing separator ("out/" is "out").
std::string clean_dir(const std::string& p);

/// Writes a directory through `fill` into a fresh sibling, which then replaces `dir`: a
/// failure never leaves a half-written `dir` behind.
Result<void> write_dir_atomically(const std::string& out,
                                  const std::function<Result<void>(const std::string&)>& fill);

}  // namespace vf::pipeline
