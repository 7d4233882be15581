// Where a network client connects: ws://HOST:PORT[/PATH] (the path defaults to /ws), a
// comma-separated list of them (`parlor load --server A,B`), and the URL a cluster's
// `room_elsewhere` error names, which may be relative to the URL the client is on
// (protocol/README.md: "/n/node2/ws" behind a proxy keeps the host and port).
#pragma once

#include <string>
#include <vector>

namespace parlor::cli::net {

struct ServerUrl {
  std::string host;
  std::string port;
  std::string path;
};

bool parse_url(const std::string& url, ServerUrl* out);
// "ws://a:1,ws://b:2": every URL, in order; false if one is malformed or none is given.
bool parse_url_list(const std::string& urls, std::vector<ServerUrl>* out);
// `target` as seen from `current`: an absolute ws:// URL as is, a path ("/n/node2/ws")
// on current's host and port. False for what this client cannot reach (wss://, http://,
// "//host/...", a relative path without the leading "/").
bool resolve_url(const ServerUrl& current, const std::string& target, ServerUrl* out);
std::string url_text(const ServerUrl& url);

}  // namespace parlor::cli::net
