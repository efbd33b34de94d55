; instance 1: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ x 1.0))
; claims
(assert (not (= s!0 x)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ |x[0]| 1.0))
; claims
(assert (not (= s!0 |x[0]|)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ |x[0,0]| 1.0))
; claims
(assert (not (= s!0 |x[0,0]|)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ |x[0,0,0]| 1.0))
; claims
(assert (not (= s!0 |x[0,0,0]|)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ |x[0,0,0,0]| 1.0))
; claims
(assert (not (= s!0 |x[0,0,0,0]|)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_NRA
(set-logic ALL)
(declare-fun x () Real)
; hypotheses
(assert (not (= 1.0 0.0)))
; source side
(define-fun s!0 () Real (/ x 1.0))
; claims
(assert (not (= s!0 x)))
(check-sat)
