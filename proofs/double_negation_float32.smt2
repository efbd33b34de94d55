; instance 1: %x: ()
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
(assert
 (let ((?x6 (fp.neg x)))
 (let ((?x7 (fp.neg ?x6)))
 (let (($x8 (= ?x7 x)))
 (not $x8)))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x28 (fp.neg |x[0]|)))
 (let ((?x15 (fp.neg ?x28)))
 (let (($x16 (= ?x15 |x[0]|)))
 (not $x16)))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x39 (fp.neg |x[0,0]|)))
 (let ((?x40 (fp.neg ?x39)))
 (let (($x23 (= ?x40 |x[0,0]|)))
 (not $x23)))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x41 (fp.neg |x[0,0,0]|)))
 (let ((?x47 (fp.neg ?x41)))
 (let (($x24 (= ?x47 |x[0,0,0]|)))
 (not $x24)))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x48 (fp.neg |x[0,0,0,0]|)))
 (let ((?x60 (fp.neg ?x48)))
 (let (($x17 (= ?x60 |x[0,0,0,0]|)))
 (not $x17)))))
(check-sat)
