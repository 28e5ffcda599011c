// Creating and rotating a key answer its AppSecret, which the page shows once, in the secret dialog, and then
// forgets: the answer is held in this hook's state (never in the query cache), the mutation is reset the
// moment it is read (its gcTime of 0 then drops it from the mutation cache), and closing clears the state.
import type { ApiKeyRow } from '@epc/shared'
import { useState } from 'react'
import { type NewApiKey, useCreateApiKey } from '../api/create-api-key'
import { useRotateApiKey } from '../api/rotate-api-key'

export interface RevealedSecret {
  /** 'created' for a new key, 'rotated' for a new secret of an existing key. */
  kind: 'created' | 'rotated'
  Key: ApiKeyRow
  AppSecret: string
}

export function useSecretReveal() {
  const create = useCreateApiKey()
  const rotate = useRotateApiKey()
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null)

  /** Creates a key and reveals its secret; answers whether it was made (a refusal has been shown). */
  const createKey = async (payload: NewApiKey): Promise<boolean> => {
    const created = await create.mutateAsync(payload).catch(() => null)
    create.reset()
    if (created) setRevealed({ kind: 'created', ...created })
    return created !== null
  }

  /** A new secret for a key, revealed; the old one has stopped working. */
  const rotateKey = async (keyId: number): Promise<boolean> => {
    const rotated = await rotate.mutateAsync({ KeyId: keyId }).catch(() => null)
    rotate.reset()
    if (rotated) setRevealed({ kind: 'rotated', ...rotated })
    return rotated !== null
  }

  return {
    revealed,
    createKey,
    rotateKey,
    creating: create.isPending,
    /** The key whose secret is being rotated, while the call runs. */
    rotatingId: rotate.isPending ? rotate.variables?.KeyId : undefined,
    close: () => setRevealed(null),
  }
}
