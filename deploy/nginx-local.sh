#!/usr/bin/env bash
# Runs deploy/nginx.conf on this machine, without containers: renders a copy with loopback upstreams, this
# clone's dist/client and a prefix directory of its own (pid, logs, temp files), then tests it, starts nginx on
# it, or stops that nginx. Debian's nginx is enough (`apt-get install nginx`).
#
#   deploy/nginx-local.sh test|start|stop
#
# Settings (environment): NGINX_PORT (8080), SHOP_UPSTREAMS (127.0.0.1:4321,127.0.0.1:4322: two or more
# host:port), CLIENT_ROOT (dist/client of this clone), NGINX_PREFIX (/tmp/storefront-nginx-$NGINX_PORT),
# NGINX_CACHE=1 to turn on the optional shared cache of anonymous pages (the "#cache:" lines).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
command="${1:-test}"
port="${NGINX_PORT:-8080}"
upstreams="${SHOP_UPSTREAMS:-127.0.0.1:4321,127.0.0.1:4322}"
client_root="${CLIENT_ROOT:-$root/dist/client}"
prefix="${NGINX_PREFIX:-/tmp/storefront-nginx-$port}"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx_bin" ] || { echo "nginx is not installed (apt-get install -y nginx)" >&2; exit 1; }

if [ "$command" = stop ]; then
  if [ -f "$prefix/nginx.pid" ]; then
    kill -QUIT "$(cat "$prefix/nginx.pid")" && echo "nginx on port $port: stopping"
  else
    echo "no nginx running from $prefix"
  fi
  exit 0
fi

mkdir -p "$prefix/logs" "$prefix/temp" "$prefix/cache"
[ -d "$client_root/_astro" ] || echo "warning: $client_root/_astro is missing: run npm run build first" >&2
mime="/etc/nginx/mime.types"
[ -f "$mime" ] || mime="$(dirname "$nginx_bin")/../conf/mime.types"

# Each "# local:<name>" line is replaced; the http block gains temp paths inside the prefix.
awk -v port="$port" -v ups="$upstreams" -v croot="$client_root" -v prefix="$prefix" -v mime="$mime" -v cache="${NGINX_CACHE:-0}" '
  /# local:error_log$/   { print "error_log " prefix "/logs/error.log warn;"; next }
  /# local:pid$/         { print "pid " prefix "/nginx.pid;"; next }
  /# local:mime$/        { print "  include " mime ";"; next }
  /# local:access_log$/  { print "  access_log " prefix "/logs/access.log;"; next }
  /# local:cache_path$/  { sub(/\/var\/cache\/nginx\/shop/, prefix "/cache") }
  /# local:shop1$/       { n = split(ups, list, ","); for (i = 1; i <= n; i++) print "    server " list[i] " max_fails=3 fail_timeout=10s;"; next }
  /# local:shop2$/       { next }
  /# local:listen$/      { print "    listen 127.0.0.1:" port ";"; next }
  /# local:root$/        { print "      root " croot ";"; next }
  cache == "1" && /^[ ]*#cache: / { sub(/#cache: /, "") }
  { print }
  /^http \{$/ {
    print "  client_body_temp_path " prefix "/temp/body;"
    print "  proxy_temp_path " prefix "/temp/proxy;"
    print "  fastcgi_temp_path " prefix "/temp/fastcgi;"
    print "  uwsgi_temp_path " prefix "/temp/uwsgi;"
    print "  scgi_temp_path " prefix "/temp/scgi;"
  }
' "$here/nginx.conf" > "$prefix/nginx.conf"

case "$command" in
  test) "$nginx_bin" -t -p "$prefix" -c "$prefix/nginx.conf" ;;
  start)
    "$nginx_bin" -p "$prefix" -c "$prefix/nginx.conf"
    echo "nginx on http://127.0.0.1:$port in front of $upstreams (config $prefix/nginx.conf; stop: $0 stop)"
    ;;
  *) echo "usage: $0 test|start|stop" >&2; exit 2 ;;
esac
