#!/bin/sh
# Writes the generated layout stylesheet next to the static preview pages and screenshots
# them with headless Chromium at the four reference sizes (and 200% text), for a person to look at.
#   Tests/LayoutTests/Preview/make-preview.sh [out-dir]      (default /tmp/homepwner-preview)
# Needs `chromium` for the screenshots; the CSS and pages are written without it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-/tmp/homepwner-preview}
mkdir -p "$out"
cd "$root"
swift build --target Layout >/dev/null
bin=$(swift build --show-bin-path)
# The Layout objects of the current sources (stale ones from renamed files may linger).
objects=$(find "$root/Sources/Layout" -name '*.swift' -exec basename {} \; | sed "s|^|$bin/Layout.build/|; s|\$|.o|")
# Compile the page specs with a one-line main against the built Layout module.
printf 'print(PageLayouts.stylesheet.css, terminator: "")\n' > "$out/main.swift"
swiftc -module-name PreviewCSS -I "$bin/Modules" -I "$bin" \
    "$root"/Sources/App/PageLayouts/*.swift "$out/main.swift" $objects \
    -o "$out/print-layout-css"
"$out/print-layout-css" > "$out/layout.css"
cp "$here"/*.html "$here"/*.css "$here"/*.js "$out/"
command -v chromium >/dev/null || { echo "no chromium: pages in $out"; exit 0; }
shoot() { # page width height [suffix] [extra flags]
    chromium --headless --no-sandbox --hide-scrollbars --disable-gpu ${5:-} \
        --screenshot="$out/$1-$2x$3${4:-}.png" --window-size="$2,$3" "file://$out/$1.html" 2>/dev/null
}
for page in list edit detail; do
    for size in 390x844 844x390 1024x768 1280x800; do
        shoot "$page" "${size%x*}" "${size#*x}"
    done
    # 200% text: Chromium's default font size 32px instead of 16px.
    shoot "$page" 390 844 -text200 "--force-device-scale-factor=1 --default-font-size=32"
    shoot "$page" 1280 800 -text200 "--default-font-size=32"
done
echo "screenshots in $out"
