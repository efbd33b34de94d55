; instance 1: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg x)))
; claims
(assert (not (= s!0 x)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg |x[0]|)))
; claims
(assert (not (= s!0 |x[0]|)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg |x[0,0]|)))
; claims
(assert (not (= s!0 |x[0,0]|)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg |x[0,0,0]|)))
; claims
(assert (not (= s!0 |x[0,0,0]|)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg |x[0,0,0,0]|)))
; claims
(assert (not (= s!0 |x[0,0,0,0]|)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_FP
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
; source side
(define-fun s!0 () (_ FloatingPoint 8 24) (fp.neg (fp.neg x)))
; claims
(assert (not (= s!0 x)))
(check-sat)
