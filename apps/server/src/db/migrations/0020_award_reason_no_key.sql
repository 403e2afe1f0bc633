ALTER TABLE "awards" DROP CONSTRAINT "awards_reason_id_award_reasons_id_fk";
