; instance 1: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< x 6.0) x 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< x 0.0) 0.0 (ite (< 6.0 x) 6.0 x)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< |x[0]| 6.0) |x[0]| 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< |x[0]| 0.0) 0.0 (ite (< 6.0 |x[0]|) 6.0 |x[0]|)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< |x[0,0]| 6.0) |x[0,0]| 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< |x[0,0]| 0.0) 0.0 (ite (< 6.0 |x[0,0]|) 6.0 |x[0,0]|)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< |x[0,0,0]| 6.0) |x[0,0,0]| 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< |x[0,0,0]| 0.0) 0.0 (ite (< 6.0 |x[0,0,0]|) 6.0 |x[0,0,0]|)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< |x[0,0,0,0]| 6.0) |x[0,0,0,0]| 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< |x[0,0,0,0]| 0.0) 0.0 (ite (< 6.0 |x[0,0,0,0]|) 6.0 |x[0,0,0,0]|)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert true)
; source side
(define-fun s!0 () Real (ite (< x 6.0) x 6.0))
(define-fun s!1 () Real (ite (< 0.0 s!0) s!0 0.0))
; target side
(define-fun t!0 () Real (ite (< x 0.0) 0.0 (ite (< 6.0 x) 6.0 x)))
; claims
(assert (not (= s!1 t!0)))
(check-sat)
