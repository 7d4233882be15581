#include "server/net/tls.hpp"

#include <boost/system/system_error.hpp>

namespace parlor::server {

namespace ssl = boost::asio::ssl;

Expected<std::shared_ptr<ssl::context>> make_tls_context(const std::string& cert_file,
                                                         const std::string& key_file) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  // TLS 1.2 and 1.3 only: every browser of the last years speaks them, and the older
  // versions have known weaknesses. A fresh ephemeral key for every handshake.
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 |
                       ssl::context::single_dh_use);
  boost::system::error_code ec;
  context->use_certificate_chain_file(cert_file, ec);
  if (ec) {
    return Error{"tls_cert", "cannot use --tls-cert " + cert_file +
                                 " (a PEM certificate chain): " + ec.message()};
  }
  context->use_private_key_file(key_file, ssl::context::pem, ec);
  if (ec) {
    return Error{"tls_key",
                 "cannot use --tls-key " + key_file + " (a PEM private key): " + ec.message()};
  }
  if (SSL_CTX_check_private_key(context->native_handle()) != 1) {
    return Error{"tls_key", "--tls-key " + key_file + " is not the key of --tls-cert " + cert_file};
  }
  return context;
}

}  // namespace parlor::server
