ALTER TABLE "awards" DROP CONSTRAINT "awards_teacher_id_teachers_id_fk";
