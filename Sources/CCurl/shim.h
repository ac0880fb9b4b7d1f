// libcurl's easy interface, for SMTP with STARTTLS and AUTH (HomeroomEmail).
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper for each kind of value HomeroomEmail passes.

/// Sets a `long` option (CURLOPT_UPLOAD, CURLOPT_USE_SSL, CURLOPT_TIMEOUT_MS, …).
static inline CURLcode homeroom_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

/// Sets a string option (CURLOPT_URL, CURLOPT_MAIL_FROM, CURLOPT_PASSWORD, …); curl copies it.
static inline CURLcode homeroom_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

/// Sets a pointer option (CURLOPT_READDATA, CURLOPT_DEBUGDATA, CURLOPT_ERRORBUFFER).
static inline CURLcode homeroom_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

/// Sets a list option (CURLOPT_MAIL_RCPT); the list must live until the transfer ends.
static inline CURLcode homeroom_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(curl, option, list);
}

/// Sets CURLOPT_READFUNCTION.
static inline CURLcode homeroom_curl_set_read_function(CURL *curl, curl_read_callback function) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, function);
}

/// Sets CURLOPT_DEBUGFUNCTION.
static inline CURLcode homeroom_curl_set_debug_function(CURL *curl, curl_debug_callback function) {
    return curl_easy_setopt(curl, CURLOPT_DEBUGFUNCTION, function);
}

/// The last reply code the server sent (CURLINFO_RESPONSE_CODE); 0 when none.
static inline long homeroom_curl_response_code(CURL *curl) {
    long code = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
    return code;
}

/// curl_global_init with CURL_GLOBAL_DEFAULT.
static inline CURLcode homeroom_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
