import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function QuickActionsPage() {
  return <ScreenPlaceholder title="Quick Actions" />
}
