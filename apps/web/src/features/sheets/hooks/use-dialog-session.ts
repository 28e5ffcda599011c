// A dialog's form lives for one opening: antd's form store keeps the values of an earlier opening (and its
// initial values win over new ones), so each opening mounts a fresh dialog, kept until it has closed.
import { useState } from 'react'

export function useDialogSession(open: boolean) {
  const [state, setState] = useState({ key: 0, mounted: open, wasOpen: open })
  if (open !== state.wasOpen) {
    setState({ key: open ? state.key + 1 : state.key, mounted: open || state.mounted, wasOpen: open })
  }
  return {
    key: state.key,
    mounted: open || state.mounted,
    afterClose: () => setState((s) => (s.wasOpen ? s : { ...s, mounted: false })),
  }
}
