// The embedded catalogue's layout (/embed/<link>, in a customer's iframe): no header, menus, footer or
// sheets, only the embed feature's frame around the catalogue screens, with the keys and the screen size
// they read. It stands outside the root layout, whose guard and shortcuts belong to the signed-in app.
import { useEffect } from 'react'
import { TITLE_PREFIX } from '../../config/brand'
import { EmbedFrame } from '../../features/embed'
import { trackScreenSize } from '../../lib/display-size'
import { prepareFeedbackWhenIdle } from '../../lib/feedback'
import { installKeyboard } from '../../lib/keyboard'
import { QueryProvider } from '../query'

export default function EmbedLayout() {
  useEffect(() => installKeyboard(), [])
  useEffect(() => trackScreenSize(), [])
  // The message hosts before the first message, which may be that the server cannot be reached (MainLayout).
  useEffect(() => prepareFeedbackWhenIdle(), [])
  useEffect(() => {
    document.title = `${TITLE_PREFIX}配件目录`
  }, [])
  return (
    <QueryProvider>
      <EmbedFrame />
    </QueryProvider>
  )
}
