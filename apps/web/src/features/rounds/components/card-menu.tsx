import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

/**
 * The round card's Radix dropdown menu, styled like components/ui/dropdown-menu. Not that module
 * itself: once a lazy page shares it with the signed-in shell, Vite 8's chunking moves react-dom
 * out of the entry into a chunk of its own that the landing page preloads (+0.65 kB gzip,
 * measured). Fold this back into it once the build config pins react-dom to one chunk.
 */
export function CardMenu(props: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  // Not modal: a modal menu hides the rest of the page from assistive technology.
  return <DropdownMenuPrimitive.Root modal={false} {...props} />
}
export const CardMenuTrigger = DropdownMenuPrimitive.Trigger

export function CardMenuContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  // Rendered where it is declared, not at the end of <body>, so it stays inside the page's
  // main landmark for assistive technology.
  return (
    <DropdownMenuPrimitive.Content
      sideOffset={sideOffset}
      className={cn(
        'z-50 min-w-48 animate-fade-in overflow-hidden rounded-md border border-border bg-background p-1 shadow-md',
        className,
      )}
      {...props}
    />
  )
}

export function CardMenuItem({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  )
}
