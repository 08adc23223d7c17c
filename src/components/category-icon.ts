// Which lucide icon a category shows. The stored icon key wins (except the column default 'tag', which
// means "none chosen"), then the spec's name mapping, then the generic tag icon.
import {
  Briefcase,
  Car,
  Church,
  Clapperboard,
  Cpu,
  Flame,
  Gamepad2,
  GraduationCap,
  type LucideIcon,
  Tag,
  TrendingUp,
  Trophy,
  Video,
} from 'lucide-react';
import { withoutAccents } from '#src/lib/accents.ts';

/** Icon keys an admin can store on a category. */
export const CATEGORY_ICONS: Readonly<Record<string, LucideIcon>> = {
  trophy: Trophy,
  'graduation-cap': GraduationCap,
  clapperboard: Clapperboard,
  cpu: Cpu,
  briefcase: Briefcase,
  church: Church,
  'gamepad-2': Gamepad2,
  flame: Flame,
  car: Car,
  'trending-up': TrendingUp,
  video: Video,
  tag: Tag,
};

/** What each icon shows, in pt-BR: the admin's picker names them (never the raw key). */
export const CATEGORY_ICON_LABELS: Readonly<Record<string, string>> = {
  trophy: 'Troféu',
  'graduation-cap': 'Capelo de formatura',
  clapperboard: 'Claquete',
  cpu: 'Processador',
  briefcase: 'Maleta',
  church: 'Igreja',
  'gamepad-2': 'Controle de videogame',
  flame: 'Chama',
  car: 'Carro',
  'trending-up': 'Gráfico subindo',
  video: 'Câmera de vídeo',
  tag: 'Etiqueta (padrão)',
};

/** Spec section 2: these category names have their own icons (compared without accents or case). */
const ICONS_BY_NAME: Readonly<Record<string, LucideIcon>> = {
  esportes: Trophy,
  educacao: GraduationCap,
  entretenimento: Clapperboard,
  tecnologia: Cpu,
  empregos: Briefcase,
  religiao: Church,
};

/** Lower case, no accents, trimmed: 'Educação ' -> 'educacao'. */
function normalise(value: string): string {
  return withoutAccents(value).trim().toLowerCase();
}

/** The icon component for a category, from its stored icon key and its name. */
export function categoryIcon(category: { name?: string | null; icon?: string | null }): LucideIcon {
  const key = category.icon ? normalise(category.icon) : '';
  if (key && key !== 'tag') {
    const stored = CATEGORY_ICONS[key];
    if (stored) return stored;
  }
  return (category.name && ICONS_BY_NAME[normalise(category.name)]) || Tag;
}
