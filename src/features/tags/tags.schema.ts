// The tag tables (#43), declared with every other table in db/schema.ts (one schema for drizzle-kit)
// and named here too, where the tags feature's readers look for them. Server code only: islands read
// src/features/tags/tags.ts.
export { groupTags, tags } from '#db/schema.ts';
