// Sidebar navigation (spec §2 Shell): main, settings and (staff only) admin groups.
import type { LinkProps } from '@tanstack/react-router';
import {
  ChartColumn,
  CreditCard,
  LayoutDashboard,
  Mail,
  Newspaper,
  Palette,
  Plug,
  Settings,
  Shield,
  Sparkles,
  User,
  Users,
  UserCog,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  staffOnly?: boolean;
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Main',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/publications', label: 'Publications', icon: Newspaper },
      { to: '/ai-magic', label: 'AI Magic', icon: Sparkles },
      { to: '/newsletters', label: 'Newsletters', icon: Mail },
      // Shown to every plan, as Analytics is: a plan without saved themes gets the page's upgrade notice.
      { to: '/themes', label: 'Themes', icon: Palette },
      { to: '/analytics', label: 'Analytics', icon: ChartColumn },
      { to: '/integrations', label: 'Integrations', icon: Plug },
    ],
  },
  {
    label: 'Settings',
    items: [
      { to: '/account', label: 'Account', icon: User },
      { to: '/settings', label: 'Settings', icon: Settings },
      { to: '/team', label: 'Team', icon: Users },
      { to: '/billing', label: 'Billing', icon: CreditCard },
    ],
  },
  {
    label: 'Admin',
    staffOnly: true,
    items: [
      { to: '/admin/users', label: 'User Management', icon: UserCog },
      { to: '/admin/emails', label: 'Email Management', icon: Mail },
      { to: '/admin/security', label: 'Security', icon: Shield },
    ],
  },
];
