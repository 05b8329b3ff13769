#!/usr/bin/env bash
# Builds lazytron's driver for the Haskell original, zenzike-driver:
#
#     contrib/haskell/build.sh ZENZIKE_SOURCE [OUT]
#
# ZENZIKE_SOURCE is your copy of the original's source (the blog post "A Tron
# AI in Haskell", 2010): a .hs file, or the post's literate Haskell as .lhs.
# It is copied into a temporary directory as the module Zenzike, and the
# copy is brought to a current GHC there if it needs it (a module header;
# Data.Array.Diff, whose package is gone, becomes Data.Array.IArray, which
# it re-exported; M.fold, removed from containers, becomes M.foldr, what it
# was).  Nothing is written beside your file or in this checkout.
#
# OUT (default ${XDG_CACHE_HOME:-~/.cache}/lazytron) gets the program:
#     OUT/zenzike-driver analyse D    # lazytron analyse's format
#     OUT/zenzike-driver bot D        # the contest protocol at depth D
#
# Needs GHC and the old-time package from the distribution:
#     sudo apt-get install ghc libghc-old-time-dev
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 ZENZIKE_SOURCE [OUT]" >&2
  exit 2
fi
original=$1
out=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/lazytron}
here=$(cd "$(dirname "$0")" && pwd)

if [ ! -r "$original" ] || [ -d "$original" ]; then
  echo "build.sh: cannot read $original" >&2
  exit 1
fi
if ! command -v ghc >/dev/null || ! ghc-pkg list --simple-output old-time 2>/dev/null | grep -q old-time; then
  echo "build.sh: needs GHC and its old-time package: sudo apt-get install ghc libghc-old-time-dev" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case $original in
  *.lhs) module=$work/Zenzike.lhs; code='> ' ;;
  *) module=$work/Zenzike.hs; code='' ;;
esac

# The module header (in code: after '> ' in a literate file): added if missing, and it must name Zenzike.
header=$(grep -m1 -E "^${code}module +[A-Za-z.]+" "$original" || true)
if [ -z "$header" ]; then
  printf '%smodule Zenzike where\n\n' "$code" >"$module"
  echo "adapted: added the header 'module Zenzike where'"
elif ! grep -qE "module +Zenzike( |$)" <<<"$header"; then
  echo "build.sh: $original declares '${header#> }': the driver needs the module Zenzike (or no header)" >&2
  exit 1
fi
cat "$original" >>"$module"

# The two changes a 2010 source needs on GHC 9 (in code, not comments); each keeps its behaviour.
code_line='/^\(> *\)\? *--/!'
if grep -qE '^(> *)?import +Data\.Array\.Diff\b' "$module"; then
  sed -i -E 's/^((> *)?import +)Data\.Array\.Diff\b/\1Data.Array.IArray/' "$module"
  echo "adapted: Data.Array.Diff -> Data.Array.IArray"
fi
# (grep reads all of sed's output: with -q it could stop early, sed would die of SIGPIPE and pipefail say no)
if sed -n "${code_line}p" "$module" | grep '\bM\.fold\b' >/dev/null; then
  sed -i "${code_line}s/\\bM\\.fold\\b/M.foldr/g" "$module"
  echo "adapted: M.fold -> M.foldr"
fi

mkdir -p "$out"
ghc -O2 -v0 -i -i"$work" -outputdir "$work" -o "$out/zenzike-driver" "$here/ZenzikeDriver.hs"
echo "built $out/zenzike-driver"
