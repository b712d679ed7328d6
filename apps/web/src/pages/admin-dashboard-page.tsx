import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function AdminDashboardPage() {
  return <ScreenPlaceholder title="Admin Dashboard" />
}
