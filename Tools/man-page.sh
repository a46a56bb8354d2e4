#!/usr/bin/env bash
# Writes docs/man/healthledger.1 from the CLI's own help, with swift-argument-parser's
# generate-manual plugin, so the page says what --help says.
#   bash Tools/man-page.sh        then: man -l docs/man/healthledger.1
#   install:  install -Dm644 docs/man/healthledger.1 ~/.local/share/man/man1/healthledger.1
# ManPageTests checks the page names every subcommand the binary has: run this after adding one.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debug, not the plugin's default release: the debug products are the ones `swift build`
# already made, so this costs seconds instead of a second full build.
nice -n 19 swift package plugin generate-manual --configuration debug >&2
bin="$(swift build --show-bin-path)"
tool="$bin/generate-manual-tool"
[ -x "$tool" ] || { echo "man-page.sh: the plugin left no $tool" >&2; exit 1; }
# The tool drops every non-ASCII character, so "mood 7 · fatigue 3" would lose its separators
# and "mood.rated…" its ellipsis: it reads the help through a wrapper that spells them in ASCII.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/healthledger" <<EOF
#!/usr/bin/env bash
set -o pipefail
"$bin/healthledger" "\$@" | sed -e 's/ · /; /g' -e 's/α/alpha/g' | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT
EOF
chmod +x "$work/healthledger"
"$tool" "$work/healthledger" --date "$(date -u +%Y-%m-%d)" --output-directory "$work"
mkdir -p docs/man
# A blank line between the help's paragraphs is a paragraph break (.Pp) in mdoc.
sed -e 's/^$/.Pp/' "$work/healthledger.1" > docs/man/healthledger.1
echo "wrote docs/man/healthledger.1"
