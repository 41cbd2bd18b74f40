# Sourced by backup.sh and restore.sh: their defaults, their -c and -u options and the
# forms of the database URL they both need.

CONFIG=/etc/pbem/pbem.toml
URL=${PBEM_DATABASE_URL:-}
PY=${PBEM_PYTHON:-python3}

die() { echo "$(basename "$0" .sh): $*" >&2; exit 1; }

# One option getopts read ($1, its argument $2): -c CONFIG or -u DATABASE_URL; false for
# any other.
config_option() {
    case $1 in
        c) CONFIG=$2; URL= ;;
        u) URL=$2 ;;
        *) return 1 ;;
    esac
}

# URL from -u, else from PBEM_DATABASE_URL, else from the config file (read by pbem's own
# settings loader: PBEM_PYTHON is the Python of the pbem install).
read_url() {
    if [ -z "$URL" ]; then
        URL=$("$PY" -c 'import sys; from config.settings import load_settings; print(load_settings(sys.argv[1]).database_url)' "$CONFIG") \
            || die "cannot read database_url from $CONFIG (set PBEM_PYTHON or use -u)"
    fi
}

# DB: the file of a sqlite:/// URL, without its query.
sqlite_db() { DB=${URL#sqlite:///}; DB=${DB%%\?*}; }

# The URL as libpq wants it: without SQLAlchemy's "+driver" part.
libpq_url() { printf '%s' "$URL" | sed -E 's#^postgres(ql)?(\+[a-z0-9_]+)?://#postgresql://#'; }

# The PostgreSQL password never goes on a command line (ps shows those to every local
# user): pg_passfile moves it out of PGURL into a pgpass file only we can read, for the
# client tools (PGPASSFILE), removed at exit.
pg_passfile() {
    PASSFILE=$(mktemp) || die "cannot make a temporary file"
    trap 'rm -f "$PASSFILE"' EXIT
    PGURL=$(printf '%s' "$PGURL" | "$PY" -c 'import sys, urllib.parse as p
u = p.urlsplit(sys.stdin.read()); who, at, where = u.netloc.rpartition("@")
if u.password is not None:
    word = p.unquote(u.password).replace("\\", "\\\\").replace(":", "\\:")
    open(sys.argv[1], "w").write("*:*:*:*:" + word + "\n")
    who = who.partition(":")[0]
print(p.urlunsplit(u._replace(netloc=who + at + where)))' "$PASSFILE") \
        || die "cannot read the database URL"
    if [ -s "$PASSFILE" ]; then PGPASSFILE=$PASSFILE; export PGPASSFILE; fi
}

# The URL with its password (and user) masked, for the closing line.
shown_url() { printf '%s' "$URL" | sed -E 's#://[^@/]*@#://***@#'; }

# SQLite's own check of the database file $1: "ok" or what is wrong.
integrity() {
    "$PY" -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])' "$1"
}
