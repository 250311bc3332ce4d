import {
  BarChart3,
  Brain,
  Clock,
  Cog,
  Megaphone,
  MessagesSquare,
  PhoneCall,
  PiggyBank,
  Target,
  TrendingUp,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../content/catalog';

const icons: Record<IconName, LucideIcon> = {
  'phone-call': PhoneCall,
  target: Target,
  workflow: Workflow,
  megaphone: Megaphone,
  'piggy-bank': PiggyBank,
  clock: Clock,
  'trending-up': TrendingUp,
  zap: Zap,
  brain: Brain,
  cog: Cog,
  messages: MessagesSquare,
  'bar-chart': BarChart3,
};

/** A decorative icon named by content data; the text beside it carries the meaning. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={className} />;
}
