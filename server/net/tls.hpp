// The TLS side of --tls-cert/--tls-key: one server context for every connection.
#pragma once

#include <boost/asio/ssl/context.hpp>

#include <memory>
#include <string>

#include "engine/core/expected.hpp"

namespace parlor::server {

// A TLS 1.2+ server context with the PEM certificate chain (the server's certificate
// first, then its intermediates, as Let's Encrypt's fullchain.pem) and the PEM private key
// that goes with it. Errors: "tls_cert" (unreadable or not a certificate), "tls_key"
// (unreadable, not a key, or not the certificate's key).
Expected<std::shared_ptr<boost::asio::ssl::context>> make_tls_context(const std::string& cert_file,
                                                                      const std::string& key_file);

}  // namespace parlor::server
