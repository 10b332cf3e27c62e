#!/usr/bin/env bash
# Real mail servers on loopback for the end-to-end tests: Postfix (SMTP) delivering
# through Dovecot LMTP into Maildirs that Dovecot serves over IMAP. No systemd:
# both run as plain background daemons from config files under $MAIL_DIR.
#
#   eval "$(tests/mailstack/mailstack.sh start)"   install (apt-get) if needed, configure,
#                           start, wait; prints `export MAIL_DIR=...` for the other commands
#   tests/mailstack/mailstack.sh stop    stop both, then remove $MAIL_DIR
#   tests/mailstack/mailstack.sh env     print the settings tests read ($MAIL_DIR/env)
#   tests/mailstack/mailstack.sh stop-smtp|start-smtp|stop-imap|start-imap
#
# Everything lives in $MAIL_DIR: a fresh private directory (mktemp -d) unless
# MAIL_DIR is given (it must then be empty, missing, or an earlier mailstack
# directory). Every command but `start` needs MAIL_DIR (as `start` printed it).
# The test CA's key and the server key are in $MAIL_DIR/tls (mode 700, keys 600).
# `stop` removes $MAIL_DIR (MAIL_KEEP=1 keeps it, for the logs in $MAIL_DIR/log).
#
# Ports (127.0.0.1 only) are chosen free at `start` (any of the variables below
# given in the environment is used as is) and written to $MAIL_DIR/env, where
# the tests read them (tests/common/mailstack.rs): SMTP (no auth from
# loopback), SUBMISSION (STARTTLS + AUTH), SMTPS (TLS + AUTH), IMAP (STARTTLS
# offered), IMAPS; internal LMTP and AUTH (SASL). Users USER@example.test with
# password `secret`. Mail to any other domain is refused: nothing leaves.
#
# What `start` changes outside $MAIL_DIR (see README.md, "What ./test.sh changes"):
# apt-get installs postfix, dovecot-imapd, dovecot-lmtpd and openssl when missing
# (with /usr/sbin/policy-rc.d created, if absent, so that apt starts no service);
# a system user `vmail` is added if missing; $MAIL_DIR/postfix/etc is added to
# alternate_config_directories in /etc/postfix/main.cf (and taken out by `stop`).
set -euo pipefail

MAIL_DOMAIN=${MAIL_DOMAIN:-example.test}
MAIL_PASSWORD=${MAIL_PASSWORD:-secret}
MAIL_USERS=${MAIL_USERS:-"judge keeper gm obs evil new demo-list postmaster p1 p2 p3 p4 p5 p6 p7"}
PORT_VARS="SMTP_PORT SUBMISSION_PORT SMTPS_PORT IMAP_PORT IMAPS_PORT LMTP_PORT AUTH_PORT"
MARKER=.mailjudge-mailstack

log() { echo "mailstack: $*" >&2; }
die() { log "$*"; exit 1; }

# MAIL_DIR for `start`: the given one (checked) or a fresh private one.
make_dir() {
  if [ -z "${MAIL_DIR:-}" ]; then
    MAIL_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mailjudge-mail.XXXXXXXX")
  elif [ -d "$MAIL_DIR" ] && [ ! -e "$MAIL_DIR/$MARKER" ] && [ -n "$(ls -A "$MAIL_DIR")" ]; then
    die "MAIL_DIR=$MAIL_DIR is not empty and not a mailstack directory; not using it"
  else
    mkdir -p "$MAIL_DIR"
  fi
  MAIL_DIR=$(cd "$MAIL_DIR" && pwd)
  : > "$MAIL_DIR/$MARKER"
  # started here before: keep its ports (and settings)
  if [ -f "$MAIL_DIR/env" ]; then
    # shellcheck disable=SC1091
    . "$MAIL_DIR/env"
  fi
  # private: no one else may list it; the mail servers' users (vmail, dovecot,
  # postfix) may only pass through to their own subdirectories (711)
  chown root:root "$MAIL_DIR"
  chmod 711 "$MAIL_DIR"
}

# MAIL_DIR and the ports for every other command: from $MAIL_DIR/env.
load_dir() {
  [ -n "${MAIL_DIR:-}" ] || die "MAIL_DIR is not set: give the directory \`start\` printed"
  [ -f "$MAIL_DIR/env" ] || die "$MAIL_DIR/env is missing: was the stack started there?"
  # shellcheck disable=SC1091
  . "$MAIL_DIR/env"
}

# Free loopback ports for every port variable not given: bound to port 0 by
# the kernel (all at once, so they differ), released, then used by the servers.
pick_ports() {
  local need=0 v ports
  for v in $PORT_VARS; do [ -n "${!v:-}" ] || need=$((need + 1)); done
  [ "$need" -gt 0 ] || return 0
  if command -v python3 >/dev/null; then
    ports=$(python3 -c '
import socket, sys
ss = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))' "$need")
  else
    # no python3: random ports in 20000-59999 on which nothing answers
    ports=""
    while [ "$(wc -w <<<"$ports")" -lt "$need" ]; do
      local p=$((20000 + RANDOM % 40000))
      case " $ports " in *" $p "*) continue ;; esac
      (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && continue
      ports="$ports $p"
    done
  fi
  set -- $ports
  for v in $PORT_VARS; do
    if [ -z "${!v:-}" ]; then
      printf -v "$v" '%s' "$1"
      shift
    fi
  done
}

install() {
  if command -v dovecot >/dev/null && command -v postfix >/dev/null && [ -x /usr/lib/dovecot/lmtp ]; then
    return
  fi
  log "installing dovecot and postfix"
  # apt must not start services (no systemd here)
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
  fi
  echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    dovecot-imapd dovecot-lmtpd postfix openssl >/dev/null
}

certs() {
  local d=$MAIL_DIR/tls
  [ -f "$d/server.pem" ] && return
  # keys are written under umask 077 (mode 600, root): the servers read them
  # as root before they drop privileges
  mkdir -p -m 700 "$d"
  (umask 077
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=mailjudge test CA" \
    -keyout "$d/ca.key" -out "$d/ca.pem" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$d/server.key" -out "$d/server.csr" 2>/dev/null
  printf 'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1,DNS:mail.%s\n' "$MAIL_DOMAIN" > "$d/ext.cnf"
  openssl x509 -req -in "$d/server.csr" -CA "$d/ca.pem" -CAkey "$d/ca.key" -CAcreateserial \
    -days 3650 -extfile "$d/ext.cnf" -out "$d/server.pem" 2>/dev/null)
  chmod 700 "$d"
  chmod 600 "$d/ca.key" "$d/server.key"
  chmod 644 "$d"/*.pem
}

configure() {
  id vmail >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin vmail
  local uid gid
  uid=$(id -u vmail); gid=$(id -g vmail)
  mkdir -p "$MAIL_DIR"/{etc,mail,run,state,log,postfix/etc,postfix/spool,postfix/data}
  chown vmail:vmail "$MAIL_DIR/mail"
  : > "$MAIL_DIR/etc/users"
  : > "$MAIL_DIR/postfix/etc/mailboxes"
  local hash
  hash=$(doveadm pw -s SHA512-CRYPT -p "$MAIL_PASSWORD")
  for u in $MAIL_USERS; do
    echo "$u@$MAIL_DOMAIN:$hash:$uid:$gid::$MAIL_DIR/mail/$u::" >> "$MAIL_DIR/etc/users"
    echo "$u@$MAIL_DOMAIN OK" >> "$MAIL_DIR/postfix/etc/mailboxes"
  done

  cat > "$MAIL_DIR/etc/dovecot.conf" <<EOF
instance_name = mailjudge-test
base_dir = $MAIL_DIR/run/dovecot
state_dir = $MAIL_DIR/state
log_path = $MAIL_DIR/log/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
first_valid_uid = $uid
last_valid_uid = $uid
mail_location = maildir:~/Maildir
mail_uid = vmail
mail_gid = vmail
ssl = yes
ssl_cert = <$MAIL_DIR/tls/server.pem
ssl_key = <$MAIL_DIR/tls/server.key
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=SHA512-CRYPT $MAIL_DIR/etc/users
}
userdb {
  driver = passwd-file
  args = $MAIL_DIR/etc/users
}
namespace inbox {
  inbox = yes
  mailbox Processed {
    auto = create
  }
  mailbox Quarantine {
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
service auth {
  inet_listener {
    address = 127.0.0.1
    port = $AUTH_PORT
  }
}
protocol lmtp {
  auth_username_format = %Lu
}
EOF

  local pc=$MAIL_DIR/postfix/etc
  # root may use `postfix -c DIR` only for directories the default main.cf
  # lists: ours is added to the list (others' stay), and `stop` takes it out
  touch /etc/postfix/main.cf
  local alt
  alt=$(postconf -c /etc/postfix -h alternate_config_directories 2>/dev/null || true)
  case " $alt " in
    *" $pc "*) ;;
    *) postconf -c /etc/postfix -e "alternate_config_directories = ${alt:+$alt }$pc" ;;
  esac
  [ -f /etc/postfix/master.cf ] || cp /usr/share/postfix/master.cf.dist /etc/postfix/master.cf
  cp /etc/postfix/master.cf "$pc/master.cf"
  : > "$pc/main.cf"
  postconf -c "$pc" -e \
    "compatibility_level = 3.6" \
    "queue_directory = $MAIL_DIR/postfix/spool" \
    "data_directory = $MAIL_DIR/postfix/data" \
    "maillog_file = $MAIL_DIR/log/postfix.log" \
    "maillog_file_prefixes = $MAIL_DIR" \
    "myhostname = mail.$MAIL_DOMAIN" \
    "mydomain = $MAIL_DOMAIN" \
    "mydestination =" \
    "inet_interfaces = 127.0.0.1" \
    "inet_protocols = ipv4" \
    "mynetworks = 127.0.0.0/8" \
    "virtual_mailbox_domains = $MAIL_DOMAIN" \
    "virtual_mailbox_maps = texthash:$pc/mailboxes" \
    "virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT" \
    "default_transport = error:this test server delivers nowhere else" \
    "relay_transport = error:this test server delivers nowhere else" \
    "smtpd_tls_cert_file = $MAIL_DIR/tls/server.pem" \
    "smtpd_tls_key_file = $MAIL_DIR/tls/server.key" \
    "smtpd_tls_security_level = may" \
    "smtpd_sasl_type = dovecot" \
    "smtpd_sasl_path = inet:127.0.0.1:$AUTH_PORT" \
    "smtpd_relay_restrictions = permit_mynetworks permit_sasl_authenticated reject_unauth_destination" \
    "smtpd_recipient_restrictions = permit_mynetworks permit_sasl_authenticated reject_unauth_destination" \
    "local_recipient_maps =" \
    "biff = no" \
    "message_size_limit = 52428800" \
    "queue_run_delay = 5s" \
    "minimal_backoff_time = 5s" \
    "maximal_backoff_time = 10s"
  # listeners on our ports only; every service without a chroot
  sed -i '/^smtp[[:space:]]\+inet/d;/^submission[[:space:]]\+inet/d;/^smtps[[:space:]]\+inet/d' "$pc/master.cf"
  sed -i "/^127.0.0.1:$SMTP_PORT /d;/^127.0.0.1:$SUBMISSION_PORT /d;/^127.0.0.1:$SMTPS_PORT /d" "$pc/master.cf"
  cat >> "$pc/master.cf" <<EOF
127.0.0.1:$SMTP_PORT inet n - n - - smtpd
127.0.0.1:$SUBMISSION_PORT inet n - n - - smtpd
  -o smtpd_tls_security_level=encrypt
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
127.0.0.1:$SMTPS_PORT inet n - n - - smtpd
  -o smtpd_tls_wrappermode=yes
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
EOF
  postconf -c "$pc" -F '*/*/chroot = n'
  mkdir -p "$MAIL_DIR/postfix/data"
  chown postfix "$MAIL_DIR/postfix/data"
}

wait_port() {
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  log "port $1 did not open"
  return 1
}

start_daemons() {
  if [ -f "$MAIL_DIR/run/dovecot/master.pid" ] && kill -0 "$(cat "$MAIL_DIR/run/dovecot/master.pid")" 2>/dev/null; then
    doveadm -c "$MAIL_DIR/etc/dovecot.conf" reload </dev/null >>"$MAIL_DIR/log/dovecot.out" 2>&1 || true
  else
    dovecot -c "$MAIL_DIR/etc/dovecot.conf" </dev/null >>"$MAIL_DIR/log/dovecot.out" 2>&1
  fi
  local pc=$MAIL_DIR/postfix/etc
  postfix -c "$pc" check </dev/null >>"$MAIL_DIR/log/postfix.out" 2>&1 || true
  if postfix -c "$pc" status </dev/null >/dev/null 2>&1; then
    postfix -c "$pc" reload </dev/null >>"$MAIL_DIR/log/postfix.out" 2>&1
  elif ! postfix -c "$pc" start </dev/null >>"$MAIL_DIR/log/postfix.out" 2>&1; then
    # postfix prints its reason only to a terminal
    script -qc "postfix -c $pc start" /dev/null </dev/null || true
    tail -n 20 "$MAIL_DIR/log/postfix.log" 2>/dev/null || true
    return 1
  fi
  for p in $SMTP_PORT $SUBMISSION_PORT $SMTPS_PORT $IMAP_PORT $IMAPS_PORT; do wait_port "$p"; done
}

stop_smtp() { postfix -c "$MAIL_DIR/postfix/etc" stop </dev/null >/dev/null 2>&1 || true; }
start_smtp() { postfix -c "$MAIL_DIR/postfix/etc" start </dev/null >>"$MAIL_DIR/log/postfix.out" 2>&1; wait_port "$SMTP_PORT"; }
stop_imap() {
  if [ -f "$MAIL_DIR/run/dovecot/master.pid" ]; then
    doveadm -c "$MAIL_DIR/etc/dovecot.conf" stop </dev/null >/dev/null 2>&1 || kill "$(cat "$MAIL_DIR/run/dovecot/master.pid")" 2>/dev/null || true
  fi
  for _ in $(seq 1 50); do
    [ -f "$MAIL_DIR/run/dovecot/master.pid" ] && kill -0 "$(cat "$MAIL_DIR/run/dovecot/master.pid")" 2>/dev/null || return 0
    sleep 0.1
  done
}
start_imap() {
  dovecot -c "$MAIL_DIR/etc/dovecot.conf" </dev/null >>"$MAIL_DIR/log/dovecot.out" 2>&1
  wait_port "$IMAP_PORT"; wait_port "$IMAPS_PORT"
  # Postfix's waiting smtpd processes hold connections to the old Dovecot's
  # auth service: each would refuse one AUTH (454, "Connection lost to
  # authentication server") before reconnecting, and a client's retries add
  # up to seconds. A reload replaces them.
  if postfix -c "$MAIL_DIR/postfix/etc" status </dev/null >/dev/null 2>&1; then
    postfix -c "$MAIL_DIR/postfix/etc" reload </dev/null >>"$MAIL_DIR/log/postfix.out" 2>&1 || true
  fi
}

write_env() {
  cat > "$MAIL_DIR/env" <<EOF
MAIL_DIR=$MAIL_DIR
MAIL_DOMAIN=$MAIL_DOMAIN
MAIL_PASSWORD=$MAIL_PASSWORD
MAIL_USERS="$MAIL_USERS"
SMTP_PORT=$SMTP_PORT
SUBMISSION_PORT=$SUBMISSION_PORT
SMTPS_PORT=$SMTPS_PORT
IMAP_PORT=$IMAP_PORT
IMAPS_PORT=$IMAPS_PORT
LMTP_PORT=$LMTP_PORT
AUTH_PORT=$AUTH_PORT
MAIL_CA=$MAIL_DIR/tls/ca.pem
EOF
}

# Stops both servers, takes our directory out of Postfix's main.cf, removes
# $MAIL_DIR (unless MAIL_KEEP=1).
stop_all() {
  local pid
  pid=$(cat "$MAIL_DIR/postfix/spool/pid/master.pid" 2>/dev/null || true)
  pid=${pid// /}
  stop_smtp
  stop_imap
  # wait for Postfix's master to be gone before its files go
  for _ in $(seq 1 50); do
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  local pc=$MAIL_DIR/postfix/etc alt
  if [ -f /etc/postfix/main.cf ] && command -v postconf >/dev/null; then
    alt=$(postconf -c /etc/postfix -h alternate_config_directories 2>/dev/null || true)
    case " $alt " in
      *" $pc "*)
        alt=$(tr -s ' ,' '\n' <<<"$alt" | grep -vxF -- "$pc" | grep -v '^$' | tr '\n' ' ' | sed 's/ $//' || true)
        if [ -n "$alt" ]; then
          postconf -c /etc/postfix -e "alternate_config_directories = $alt"
        else
          postconf -c /etc/postfix -X alternate_config_directories
        fi
        ;;
    esac
  fi
  if [ "${MAIL_KEEP:-0}" = 1 ]; then
    log "stopped; files kept in $MAIL_DIR"
  elif [ -e "$MAIL_DIR/$MARKER" ]; then
    rm -rf -- "$MAIL_DIR"
    log "stopped; $MAIL_DIR removed"
  else
    log "stopped"
  fi
}

case "${1:-}" in
  install)
    # the packages alone (test.sh installs them while it builds)
    install
    ;;
  start)
    # stdout carries only the export line below
    {
      make_dir
      pick_ports
      write_env
      install
      certs
      configure
      start_daemons
      log "running: SMTP 127.0.0.1:$SMTP_PORT, IMAP 127.0.0.1:$IMAP_PORT, files in $MAIL_DIR"
    } >&2
    echo "export MAIL_DIR=$MAIL_DIR"
    ;;
  stop)
    if [ -n "${MAIL_DIR:-}" ] && [ -d "$MAIL_DIR" ] && [ ! -f "$MAIL_DIR/env" ]; then
      # `start` failed before it wrote anything: only the directory to remove
      if [ -e "$MAIL_DIR/$MARKER" ]; then rm -rf -- "$MAIL_DIR"; fi
      rmdir -- "$MAIL_DIR" 2>/dev/null || true
      exit 0
    fi
    load_dir
    stop_all
    ;;
  stop-smtp) load_dir; stop_smtp ;;
  start-smtp) load_dir; start_smtp ;;
  stop-imap) load_dir; stop_imap ;;
  start-imap) load_dir; start_imap ;;
  env) load_dir; cat "$MAIL_DIR/env" ;;
  *)
    echo "usage: $0 start|stop|env|stop-smtp|start-smtp|stop-imap|start-imap" >&2
    exit 2
    ;;
esac
