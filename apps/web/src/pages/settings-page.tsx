import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function SettingsPage() {
  return <ScreenPlaceholder title="Settings" />
}
