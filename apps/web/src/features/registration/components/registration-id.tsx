import { Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'

/**
 * The registration ID, large, with a copy button. Copy falls back to selecting the text where
 * the clipboard is unavailable (plain-HTTP hosts, older browsers).
 */
export function RegistrationId({ value }: { value: string }) {
  const labelId = useId()
  const text = useRef<HTMLParagraphElement>(null)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle')

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopyState('copied')
    } catch {
      if (text.current) window.getSelection()?.selectAllChildren(text.current)
      setCopyState('manual')
    }
  }

  return (
    <div className="grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-primary/40 bg-secondary px-4 py-5 text-center">
      <p id={labelId} className="text-sm font-medium text-secondary-foreground">
        Your Registration ID
      </p>
      <p
        ref={text}
        aria-labelledby={labelId}
        className="font-mono text-3xl font-bold tracking-wider break-all text-primary sm:text-4xl"
      >
        {value}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={copy}
        aria-label="Copy registration ID"
      >
        {copyState === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copy
      </Button>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {copyState === 'copied' && 'Copied to the clipboard.'}
        {copyState === 'manual' && 'Selected: press Ctrl+C (or ⌘C) to copy.'}
      </p>
    </div>
  )
}
