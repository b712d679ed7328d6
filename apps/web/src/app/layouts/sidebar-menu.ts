import { ROLES, type Role } from '@hackathon/contract'
import {
  FileCheck,
  FolderGit2,
  LayoutDashboard,
  Settings,
  Trophy,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react'

export interface MenuItem {
  label: string
  href: string
  icon: LucideIcon
}

/** docs/product/screens.md#sidebar, item for item and in order. */
const MENUS: Readonly<Record<Role, readonly MenuItem[]>> = {
  admin: [
    { label: 'Dashboard', href: '/', icon: LayoutDashboard },
    { label: 'Applicants', href: '/applicants', icon: Users },
    { label: 'Competition Rounds', href: '/rounds', icon: Trophy },
    { label: 'Quick Actions', href: '/quick-actions', icon: Zap },
    { label: 'Settings', href: '/settings', icon: Settings },
  ],
  jury: [
    { label: 'Dashboard', href: '/', icon: LayoutDashboard },
    { label: 'Applicants', href: '/applicants', icon: Users },
    { label: 'Submissions', href: '/submissions', icon: FileCheck },
  ],
  applicant: [
    { label: 'Dashboard', href: '/', icon: LayoutDashboard },
    { label: 'My Submissions', href: '/my-submissions', icon: FolderGit2 },
  ],
}

const SUBTITLES: Readonly<Record<Role, string>> = {
  admin: 'Admin Dashboard',
  jury: 'Jury Panel',
  applicant: 'Participant Portal',
}

function knownRole(role: unknown): Role | undefined {
  return ROLES.find((known) => known === role)
}

/** The role comes from the server as data: any value outside ROLES gets no menu items. */
export function menuFor(role: unknown): readonly MenuItem[] {
  const known = knownRole(role)
  return known ? MENUS[known] : []
}

export function subtitleFor(role: unknown): string | undefined {
  const known = knownRole(role)
  return known && SUBTITLES[known]
}
