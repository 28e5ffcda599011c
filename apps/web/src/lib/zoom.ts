// The page zoom of the user menu, applied to the whole page; the setting itself lives in storage.ts.
export function applyZoom(zoom: number) {
  document.body.style.zoom = zoom === 1 ? '' : String(zoom)
}
