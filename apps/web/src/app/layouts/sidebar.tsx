import { APP_NAME, type CurrentUser } from '@hackathon/contract'
import { Trophy } from 'lucide-react'
import { Link, useLocation } from 'wouter'

import { ApplicantAccount } from '@/features/applicant-portal/components/applicant-layout'
import { UserMenu } from '@/features/auth/components/user-menu'
import { cn } from '@/lib/utils'

import { menuFor, subtitleFor } from './sidebar-menu'

export interface SidebarProps {
  user: CurrentUser
  /** Called after a menu link is followed, so the phone drawer can close. */
  onNavigate?: () => void
}

/** The app name, the role's menu and the user menu; the shell places it on wide and narrow screens. */
export function Sidebar({ user, onNavigate }: SidebarProps) {
  const [path] = useLocation()
  const items = menuFor(user.role)
  const subtitle = subtitleFor(user.role)

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-border px-4 py-4">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
          <Trophy aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg leading-tight font-bold tracking-tight">{APP_NAME}</p>
          {subtitle && <p className="truncate text-sm text-muted-foreground">{subtitle}</p>}
        </div>
      </div>

      <div className="flex-1 overflow-y-auto px-3 py-4">
        {items.length > 0 && (
          <nav aria-label="Main">
            <ul className="grid gap-1">
              {items.map(({ label, href, icon: Icon }) => {
                const current = path === href
                // A page below an item (a round's review under Competition Rounds) marks it too.
                const within = !current && href !== '/' && path.startsWith(`${href}/`)
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={current ? 'page' : within ? 'true' : undefined}
                      onClick={onNavigate}
                      className={cn(
                        'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors',
                        current || within
                          ? 'bg-secondary text-secondary-foreground'
                          : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {label}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
        )}
      </div>

      <div className="border-t border-border p-3">
        {/* An applicant signed in with a code has no password and no staff session to end. */}
        {user.role === 'applicant' ? <ApplicantAccount /> : <UserMenu user={user} />}
      </div>
    </div>
  )
}
