import { LIMITS } from '@hackathon/contract'
import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

/**
 * The open delay is 700 ms and the skip delay 300 ms (docs/product/screens.md#tooltips). Mounted by
 * the signed-in shell, not at the root: Radix's tooltip shares a module with every popup that
 * positions itself (menus, selects), and a root provider would pull all of that positioning code
 * into the landing page's bundle. A public page that wants tooltips mounts its own provider.
 */
export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={LIMITS.tooltipDelayMs}
      skipDelayDuration={LIMITS.tooltipSkipDelayMs}
      {...props}
    />
  )
}

export const Tooltip = TooltipPrimitive.Root
export const TooltipTrigger = TooltipPrimitive.Trigger

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs animate-fade-in rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  )
}
