-- A mail is written once and read once: kept whole in its row up to a page's 8 KB, it is neither compressed
-- nor moved into the TOAST table on the way in (issue 37: twenty mails per requisition decision).
ALTER TABLE "mail_outbox" SET (toast_tuple_target = 8160);
