// Where the tests find the binaries they run and the source tree's test data.
//
// Found at run time, beside the running test binary (every binary is built into
// <build>/bin), and not compiled in as absolute paths. A compile line that names the
// build or source directory differs in every clone, so ccache could never reuse such a
// file's object: CI, on a clean clone, compiled every test file that ran the server or
// the CLI afresh in all three of its builds (minutes of every CI run; measured
// 2026-11-28, in docs/reliability.md's history).
#pragma once

#include <string>

namespace parlor::testing {

// <build>/bin/parlor-server, the server the integration tests start.
std::string parlor_server_path();

// <build>/bin/parlor, the command-line client.
std::string parlor_cli_path();

// <build>/bin/parlor-server-secret, the server with a test's secret hook
// (tests/server/secret_server_main.cpp).
std::string secret_server_path();

// The source tree's tests/ folder (golden views, scenario files), as CMake wrote it
// into <build>/parlor_source_dir.txt.
std::string tests_source_dir();

}  // namespace parlor::testing
