# shellcheck shell=bash
# Records measured figures for the generated page Docs/performance.md (Tools/figures).
# Source this file; it only defines `figure`.
#
#   figure KEY VALUE BUDGET
#
# KEY names the figure in Tools/figures' page layout (e.g. engine.host.thumb-roll);
# BUDGET is what the script fails above ("-" for none). Each call replaces the
# figure's earlier line in .build-figures/figures.tsv.

FIGURES_FILE="${FIGURES_FILE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build-figures/figures.tsv}"

figure() {
  local key="$1" value="$2" budget="${3:--}"
  mkdir -p "$(dirname "$FIGURES_FILE")"
  {
    [[ -f "$FIGURES_FILE" ]] && grep -v "^$key	" "$FIGURES_FILE"
    printf '%s\t%s\t%s\n' "$key" "$value" "$budget"
  } >"$FIGURES_FILE.tmp" || true
  mv "$FIGURES_FILE.tmp" "$FIGURES_FILE"
}
