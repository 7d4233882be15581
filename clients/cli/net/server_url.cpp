#include "clients/cli/net/server_url.hpp"

#include <sstream>

namespace parlor::cli::net {

bool parse_url(const std::string& url, ServerUrl* out) {
  std::string rest = url;
  if (rest.rfind("ws://", 0) == 0)
    rest = rest.substr(5);
  else if (rest.find("://") != std::string::npos)
    return false;  // wss:// is not supported
  std::size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  out->path = slash == std::string::npos ? "/ws" : rest.substr(slash);
  if (out->path == "/") out->path = "/ws";
  std::size_t colon = hostport.rfind(':');
  out->host = hostport.substr(0, colon);
  out->port = colon == std::string::npos ? "80" : hostport.substr(colon + 1);
  // "[::1]": the brackets belong to the URL, not to the address resolved.
  if (out->host.size() > 2 && out->host.front() == '[' && out->host.back() == ']') {
    out->host = out->host.substr(1, out->host.size() - 2);
  }
  return !out->host.empty() && !out->port.empty();
}

bool parse_url_list(const std::string& urls, std::vector<ServerUrl>* out) {
  out->clear();
  std::istringstream in(urls);
  for (std::string part; std::getline(in, part, ',');) {
    if (part.empty()) continue;
    ServerUrl url;
    if (!parse_url(part, &url)) return false;
    out->push_back(url);
  }
  return !out->empty();
}

bool resolve_url(const ServerUrl& current, const std::string& target, ServerUrl* out) {
  if (target.rfind("ws://", 0) == 0) return parse_url(target, out);
  if (target.size() < 2 || target[0] != '/' || target[1] == '/') return false;
  *out = current;
  out->path = target;
  return true;
}

std::string url_text(const ServerUrl& url) {
  const bool ipv6 = url.host.find(':') != std::string::npos;
  return "ws://" + (ipv6 ? "[" + url.host + "]" : url.host) + ":" + url.port + url.path;
}

}  // namespace parlor::cli::net
