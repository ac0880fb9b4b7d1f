# Installs Debian packages when the file they provide is missing; sourced by Scripts/test and Scripts/serve.

# install_when_missing FILE PACKAGE REASON
install_when_missing() {
    local file="$1" package="$2" reason="$3"
    [ -e "$file" ] && return 0
    echo "== installing $package for $reason"
    local as_root=()
    [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null \
        || { "${as_root[@]}" apt-get update -qq && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null; }
}

# install_service_when_missing FILE PACKAGE REASON: for a package that would start a system-wide
# service on install (nginx): policy-rc.d stops that for the install, the tests start their own.
install_service_when_missing() {
    local file="$1"
    [ -e "$file" ] && return 0
    local as_root=()
    [ "$(id -u)" = 0 ] || as_root=(sudo)
    local had_policy=yes
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        had_policy=no
        printf '#!/bin/sh\nexit 101\n' | "${as_root[@]}" tee /usr/sbin/policy-rc.d >/dev/null
        "${as_root[@]}" chmod +x /usr/sbin/policy-rc.d
    fi
    install_when_missing "$@"
    [ "$had_policy" = yes ] || "${as_root[@]}" rm -f /usr/sbin/policy-rc.d
}

# The C libraries `homeroom` links: libxml2 for the HTML and feed parsers, libqrencode and zlib for
# the printable QR codes, libcurl for e-mail.
install_build_packages() {
    install_when_missing /usr/include/libxml2/libxml/HTMLparser.h libxml2-dev "the HTML and feed parsers"
    install_when_missing /usr/include/qrencode.h libqrencode-dev "the QR codes"
    install_when_missing /usr/include/zlib.h zlib1g-dev "the QR codes' PNG files"
    install_when_missing /usr/bin/curl-config libcurl4-openssl-dev "e-mail through SMTP"
}
