#!/bin/sh
# Restore the pbem database from a backup made by backup.sh. STOP THE SERVICE FIRST:
#   systemctl stop pbem && restore.sh [-f] [-c CONFIG | -u DATABASE_URL] BACKUP && systemctl start pbem
#
# SQLite: the backup is checked (PRAGMA integrity_check), copied next to the database and
#   renamed over it; the old database and its -wal/-shm files are kept aside as
#   *.before-restore-TIMESTAMP. Without -f an existing database is not replaced.
# PostgreSQL: pg_restore --clean --if-exists --single-transaction into the (existing)
#   database: all of the backup or, on any error, nothing. Without -f the database must be
#   empty (no pbem tables). Create an empty one with: createdb -O pbem pbem
# The database URL comes from -u, else PBEM_DATABASE_URL, else the config file (as backup.sh).
# A restored SQLite database is readable by its owner only (0600: it holds the host's secrets).
set -eu
. "$(dirname "$0")/common.sh"

umask 077

usage() { echo "usage: $0 [-f] [-c CONFIG | -u DATABASE_URL] BACKUP" >&2; exit 2; }

FORCE=0
while getopts fc:u:h opt; do
    if [ "$opt" = f ]; then FORCE=1; else config_option "$opt" "${OPTARG:-}" || usage; fi
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
BACKUP=$1
[ -f "$BACKUP" ] || die "no backup file $BACKUP"

read_url
STAMP=$(date +%Y%m%d-%H%M%S)

case $URL in
    sqlite:///*)
        sqlite_db
        CHECK=$(integrity "$BACKUP")
        [ "$CHECK" = ok ] || die "the backup fails its integrity check: $CHECK"
        if [ -e "$DB" ] && [ $FORCE -eq 0 ]; then
            die "$DB exists: stop the service and use -f to replace it"
        fi
        TMP="$DB.restoring"
        cp "$BACKUP" "$TMP"
        for suffix in "" -wal -shm -journal; do
            # A stale -wal of the old database would be replayed into the restored one.
            if [ -e "$DB$suffix" ]; then mv "$DB$suffix" "$DB$suffix.before-restore-$STAMP"; fi
        done
        mv "$TMP" "$DB"
        ;;
    postgresql*://* | postgres://*)
        PGURL=$(libpq_url)
        pg_passfile
        pg_restore --list "$BACKUP" >/dev/null || die "$BACKUP is not a pg_dump custom-format file"
        TABLES=$(psql --no-psqlrc --tuples-only --no-align --dbname="$PGURL" \
            --command="SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") \
            || die "cannot connect to the database"
        if [ "$TABLES" != 0 ] && [ $FORCE -eq 0 ]; then
            die "the database holds $TABLES tables: stop the service and use -f to replace them"
        fi
        pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction \
            --exit-on-error --dbname="$PGURL" "$BACKUP" || die "pg_restore failed; nothing was changed"
        ;;
    *)
        die "unsupported database URL: $URL"
        ;;
esac
echo "restored $BACKUP into $(shown_url)"
