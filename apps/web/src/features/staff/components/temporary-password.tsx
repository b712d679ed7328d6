import { Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/**
 * A generated password: the server keeps only its hash. A new account's is also in its invitation
 * email (`emailedTo`), so only a reset's is said to be shown once (issue 22). Copy falls back to
 * selecting the text where the clipboard is unavailable (plain-HTTP hosts, older browsers).
 */
export function TemporaryPassword({
  password,
  emailedTo,
}: {
  password: string
  emailedTo?: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle')

  async function copy() {
    try {
      await navigator.clipboard.writeText(password)
      setCopyState('copied')
    } catch {
      input.current?.select()
      setCopyState('manual')
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Temporary password</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={password}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Focus lands here when the password appears: the button that showed it is gone. */}
        <Button type="button" variant="outline" onClick={copy} autoFocus>
          {copyState === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copy
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {copyState === 'copied' && 'Copied to the clipboard.'}
        {copyState === 'manual' && 'Selected: press Ctrl+C (or ⌘C) to copy.'}
      </p>
      {emailedTo ? (
        <p className="text-sm font-medium [overflow-wrap:anywhere]">
          It was also emailed to {emailedTo} with their invitation. It is not shown here again once
          you close this; it can be changed after signing in.
        </p>
      ) : (
        <p className="text-sm font-medium">
          This password will not be shown again. Copy it now and pass it on securely; it can be
          changed after signing in.
        </p>
      )}
    </div>
  )
}
