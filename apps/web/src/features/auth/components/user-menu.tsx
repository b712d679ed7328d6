import type { CurrentUser } from '@hackathon/contract'
import { ChevronsUpDown, KeyRound, LogOut } from 'lucide-react'
import { useRef, useState } from 'react'

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

import { logout } from '../api/logout'
import { ChangePasswordDialog } from './change-password-dialog'

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => word?.charAt(0).toUpperCase()).join('') || '?'
}

/** The sidebar footer: who is signed in, with Change Password and Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [changingPassword, setChangingPassword] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const openingDialog = useRef(false)

  return (
    <>
      {/* Not modal: a modal menu hides the rest of the page from assistive technology. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          ref={triggerRef}
          className="flex w-full cursor-pointer items-center gap-3 rounded-md p-2 text-left transition-colors hover:bg-accent data-[state=open]:bg-accent"
        >
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
          >
            {initialsOf(user.name)}
          </span>
          <span className="grid min-w-0 flex-1">
            <span className="truncate text-sm font-medium">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          inline
          side="top"
          align="start"
          className="w-(--radix-dropdown-menu-trigger-width)"
          onCloseAutoFocus={(event) => {
            // The menu would put focus back on its trigger just as the dialog takes it.
            if (openingDialog.current) event.preventDefault()
            openingDialog.current = false
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              openingDialog.current = true
              setChangingPassword(true)
            }}
          >
            <KeyRound aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={logout}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ChangePasswordDialog
        open={changingPassword}
        onOpenChange={setChangingPassword}
        onCloseAutoFocus={(event) => {
          // Opened from a menu that is gone by now: return to the menu's button instead.
          event.preventDefault()
          triggerRef.current?.focus()
        }}
      />
    </>
  )
}
