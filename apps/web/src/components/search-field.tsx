import { Search } from 'lucide-react'
import { useId, type Ref } from 'react'

import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** A list's search box: a magnifier, a placeholder, and a label only screen readers hear. */
export function SearchField({
  label,
  placeholder,
  value,
  onValueChange,
  ref,
}: {
  label: string
  placeholder: string
  value: string
  onValueChange: (value: string) => void
  ref?: Ref<HTMLInputElement>
}) {
  const id = useId()
  return (
    <div className="relative flex-1">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={ref}
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="pl-9"
      />
    </div>
  )
}
