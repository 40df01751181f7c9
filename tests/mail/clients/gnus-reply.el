;;; gnus-reply.el --- a player answers a report mail with Gnus, in batch  -*- lexical-binding: t -*-

;; Run by tests/mail/clients/drivers.py as
;;   emacs --batch -Q -l gnus-reply.el
;; Gnus opens the mbox $WTG_MBOX as a group (nndoc) and replies to its first article with
;; the original quoted, as "R" does in the summary buffer. The body of the reply goes
;; through the player's editor $WTG_EDITOR (a filter: the draft in, the reply out) and
;; message-mode sends it through the sendmail-compatible program $WTG_SENDMAIL.

(require 'gnus)
(require 'message)

(setq user-full-name "Alice"
      user-mail-address "alice@example.org"
      mail-host-address "players.example"
      gnus-init-file nil
      gnus-save-newsrc-file nil
      gnus-read-newsrc-file nil
      gnus-use-dribble-file nil
      gnus-select-method '(nnnil "")
      gnus-message-archive-group nil
      ;; without a display, highlighting the citation recurses until Emacs gives up
      gnus-message-highlight-citation nil
      message-send-mail-function #'message-send-mail-with-sendmail
      sendmail-program (getenv "WTG_SENDMAIL")
      message-interactive t)

(gnus-no-server)
(let ((mbox (getenv "WTG_MBOX")))
  (gnus-group-read-ephemeral-group
   "report" `(nndoc "report" (nndoc-address ,mbox) (nndoc-article-type mbox)) t))
(gnus-summary-goto-subject 1)
(gnus-summary-reply-with-original nil)
(message-goto-body)
(let ((coding-system-for-read 'utf-8)
      (coding-system-for-write 'utf-8))
  (unless (eql 0 (call-process-region (point) (point-max) (getenv "WTG_EDITOR") t t nil))
    (error "The editor failed: %s" (buffer-string))))
(message-send-and-exit)

;;; gnus-reply.el ends here
