// Ids and the messages every "not found" shares: one place for the uuid rule (an id that is not a uuid
// can name nothing: 404, never a database error) and for the spec's 'Grupo não encontrado'.

/** The text of a uuid, for patterns that embed one (stored image paths, search cursors). */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** Whether a value (a path part, a body field) is a uuid. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The spec's message for a group that does not exist or is not the caller's. */
export const GROUP_NOT_FOUND = 'Grupo não encontrado';
