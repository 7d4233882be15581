#include "server/store/time_format.hpp"

#include <cstdio>
#include <ctime>

namespace parlor::server::store {

std::string iso8601_utc(Millis at) {
  Millis seconds = at / 1000;
  Millis millis = at % 1000;
  if (millis < 0) {  // floor, so times before 1970 still read forward
    millis += 1000;
    seconds -= 1;
  }
  std::time_t time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[128];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(millis));
  return text;
}

Millis to_millis(std::chrono::system_clock::time_point time) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
}

Millis now_millis() { return to_millis(std::chrono::system_clock::now()); }

}  // namespace parlor::server::store
