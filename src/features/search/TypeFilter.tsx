// The search's "groups or channels" select (type=group|channel in the query string and the API).
import type { GroupType } from '../groups/groups.ts';

export const TYPE_FILTER_LABELS: Record<'' | GroupType, string> = {
  '': 'Grupos e canais',
  group: 'Só grupos',
  channel: 'Só canais',
};

export function TypeFilter({
  value,
  onChange,
  className,
}: {
  value: '' | GroupType;
  onChange: (value: '' | GroupType) => void;
  className: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="busca-type" className="text-sm font-medium whitespace-nowrap text-neutral-800">
        Tipo
      </label>
      <select
        id="busca-type"
        name="type"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as '' | GroupType)}
        className={className}
      >
        {(Object.keys(TYPE_FILTER_LABELS) as ('' | GroupType)[]).map((type) => (
          <option key={type} value={type}>
            {TYPE_FILTER_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}
