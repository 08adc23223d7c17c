-- The seeded '18+' category (slug '18') is adult content; an admin marks any other one in /admin/categorias.
UPDATE "categories" SET "adult" = true WHERE "slug" = '18';
