; instance 1: %x: (), %a: (), %b: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun b () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun x () (_ BitVec 32))
(assert
 (let (($x12 (and true true)))
 (and $x12 true)))
(assert
 (let ((?x10 (bvadd a b)))
 (let ((?x11 (bvadd x ?x10)))
 (let ((?x8 (bvadd x a)))
 (let ((?x9 (bvadd ?x8 b)))
 (let (($x14 (= ?x9 ?x11)))
 (not $x14)))))))
(check-sat)
(reset)
; instance 2: %x: (1), %a: (), %b: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun b () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun |x[0]| () (_ BitVec 32))
(assert
 (let (($x12 (and true true)))
 (and $x12 true)))
(assert
 (let ((?x10 (bvadd a b)))
 (let ((?x17 (bvadd |x[0]| ?x10)))
 (let ((?x15 (bvadd |x[0]| a)))
 (let ((?x16 (bvadd ?x15 b)))
 (let (($x20 (= ?x16 ?x17)))
 (not $x20)))))))
(check-sat)
(reset)
; instance 3: %x: (1, 1), %a: (), %b: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun b () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun |x[0,0]| () (_ BitVec 32))
(assert
 (let (($x12 (and true true)))
 (and $x12 true)))
(assert
 (let ((?x10 (bvadd a b)))
 (let ((?x23 (bvadd |x[0,0]| ?x10)))
 (let ((?x21 (bvadd |x[0,0]| a)))
 (let ((?x22 (bvadd ?x21 b)))
 (let (($x18 (= ?x22 ?x23)))
 (not $x18)))))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1), %a: (), %b: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun b () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun |x[0,0,0]| () (_ BitVec 32))
(assert
 (let (($x12 (and true true)))
 (and $x12 true)))
(assert
 (let ((?x10 (bvadd a b)))
 (let ((?x26 (bvadd |x[0,0,0]| ?x10)))
 (let ((?x19 (bvadd |x[0,0,0]| a)))
 (let ((?x25 (bvadd ?x19 b)))
 (let (($x27 (= ?x25 ?x26)))
 (not $x27)))))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1), %a: (), %b: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun b () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun |x[0,0,0,0]| () (_ BitVec 32))
(assert
 (let (($x12 (and true true)))
 (and $x12 true)))
(assert
 (let ((?x10 (bvadd a b)))
 (let ((?x31 (bvadd |x[0,0,0,0]| ?x10)))
 (let ((?x28 (bvadd |x[0,0,0,0]| a)))
 (let ((?x30 (bvadd ?x28 b)))
 (let (($x35 (= ?x30 ?x31)))
 (not $x35)))))))
(check-sat)
